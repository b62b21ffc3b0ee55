//! Match statistics: wins, draws and losses of the first engine ([`Tally`]), the Elo difference
//! with its 95% error bar, and the sequential probability ratio test ([`Sprt`]) that stops a
//! match as soon as the result is clear.
//!
//! The model is the usual one of engine testing: a score fraction `s` and an Elo difference
//! `e` are tied by the logistic curve `s = 1 / (1 + 10^(-e/400))`. The match plays each
//! opening twice, the colours swapped, so the uncertainty of `s` is estimated from those pairs
//! (pentanomial: a pair is worth 0, ½, 1, 1½ or 2), as fishtest does: an opening that favours
//! one colour gives each engine a win, and counted game by game (trinomial: 1, ½ or 0) that
//! would look like two independent results. With fewer than two pairs, or pairs all alike, the
//! games are counted alone.

use std::fmt;

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` points stronger than its opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives the expected score `score` (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Game results from the first engine's point of view, and the same games taken in pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
    /// Pairs of finished games played from one opening with the colours swapped, by the first
    /// engine's points in the pair: `pairs[k]` pairs scored `k / 2` (0, ½, 1, 1½ or 2).
    pub pairs: [u32; 5],
}

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate.
    pub elo: f64,
    /// Half the width of the 95% interval, mapped through the logistic curve (as cutechess
    /// reports it): `(elo(s + 1.96σ) - elo(s - 1.96σ)) / 2`. Infinite when an end of the
    /// interval leaves (0, 1).
    pub error: f64,
}

impl fmt::Display for EloEstimate {
    /// `+18.3 +/- 24.1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |x: f64| {
            if x.is_finite() {
                // No "-0.0" for an even score.
                let x = if x.abs() < 0.05 { 0.0 } else { x };
                format!("{x:+.1}")
            } else if x > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        };
        let error = if self.error.is_finite() {
            format!("{:.1}", self.error)
        } else {
            "inf".to_string()
        };
        write!(f, "{} +/- {error}", number(self.elo))
    }
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game, from 0 to 1 (½ before any game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The sample variance of one game's score (trinomial: 1, ½ or 0).
    pub fn variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        let (w, d, l) = (self.wins as f64, self.draws as f64, self.losses as f64);
        (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n as f64
    }

    /// The pairs of games counted in [`Tally::pairs`].
    pub fn pair_count(&self) -> u32 {
        self.pairs.iter().sum()
    }

    /// The sample variance of one pair's mean score (0, ¼, ½, ¾ or 1).
    pub fn pair_variance(&self) -> f64 {
        let n = self.pair_count();
        if n == 0 {
            return 0.0;
        }
        let value = |k: usize| k as f64 / 4.0;
        let counts = self.pairs.iter().enumerate();
        let mean = counts
            .clone()
            .map(|(k, &c)| c as f64 * value(k))
            .sum::<f64>()
            / n as f64;
        counts
            .map(|(k, &c)| c as f64 * (value(k) - mean).powi(2))
            .sum::<f64>()
            / n as f64
    }

    /// True if the pairs give the uncertainty of the score: two pairs or more, not all alike.
    pub fn paired(&self) -> bool {
        self.pair_count() >= 2 && self.pair_variance() > 0.0
    }

    /// The variance of the mean score [`Tally::score`]: a pair's variance over the pairs when
    /// [`Tally::paired`], else a game's over the games (0 before any game).
    pub fn score_variance(&self) -> f64 {
        if self.paired() {
            self.pair_variance() / self.pair_count() as f64
        } else {
            match self.games() {
                0 => 0.0,
                n => self.variance() / n as f64,
            }
        }
    }

    /// The Elo difference and its 95% error bar; `None` before any game.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.games() == 0 {
            return None;
        }
        let s = self.score();
        let margin = Z95 * self.score_variance().sqrt();
        let (lo, hi) = (s - margin, s + margin);
        let error = if lo <= 0.0 || hi >= 1.0 {
            f64::INFINITY
        } else {
            (elo_from_score(hi) - elo_from_score(lo)) / 2.0
        };
        Some(EloEstimate {
            elo: elo_from_score(s),
            error,
        })
    }

    /// The draw ratio, from 0 to 1.
    pub fn draw_ratio(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => self.draws as f64 / n as f64,
        }
    }
}

impl fmt::Display for Tally {
    /// `+W =D -L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// The hypotheses and error rates of a sequential probability ratio test: H0 says the first
/// engine is `elo0` stronger, H1 says `elo1` stronger.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 is true.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 is true.
    pub beta: f64,
}

/// Where a running SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtStatus {
    /// Neither bound crossed yet.
    Continue,
    /// The lower bound was crossed: H0 (`elo0`) is accepted.
    AcceptH0,
    /// The upper bound was crossed: H1 (`elo1`) is accepted.
    AcceptH1,
}

impl Sprt {
    /// Reads `elo0,elo1[,alpha,beta]` (α and β default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("'{}' in --sprt is not a number", part.trim()))
            })
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match numbers.as_slice() {
            [e0, e1] => (*e0, *e1, 0.05, 0.05),
            [e0, e1, a, b] => (*e0, *e1, *a, *b),
            _ => return Err(format!("--sprt takes elo0,elo1[,alpha,beta], not '{text}'")),
        };
        if !(elo0.is_finite() && elo1.is_finite()) || elo1 <= elo0 {
            return Err(format!("--sprt needs elo0 < elo1, not '{text}'"));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(format!("--sprt needs 0 < alpha, beta < 0.5, not '{text}'"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bound below which H0 is accepted: `ln(β / (1 − α))`.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The bound above which H1 is accepted: `ln((1 − β) / α)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for `tally`, in the GSPRT normal
    /// approximation (Van den Bergh; the formula behind cutechess-style and fishtest SPRTs):
    ///
    /// `LLR = (s1 − s0) · (2·s̄ − s0 − s1) / (2·V)`
    ///
    /// where `s̄` is the mean score, `V` its variance ([`Tally::score_variance`]: `σ²/N` for
    /// `N` games of sample variance `σ²`, or the same over the pairs) and `s0`, `s1` the
    /// expected scores of `elo0`, `elo1` on the logistic curve. It is
    /// `((s̄ − s0)² − (s̄ − s1)²) / 2V`: the log ratio of two normal likelihoods with the
    /// variance estimated from the sample.
    ///
    /// While every game has had the same result the sample has no variance and the formula
    /// says nothing (cutechess and OpenBench return 0 there, and so never stop). Then the exact
    /// generalised likelihood ratio is used instead: of all trinomial distributions whose mean
    /// is `s`, the one most likely to give only wins has `P(win) = s`, only losses
    /// `P(loss) = 1 − s`, only draws `P(draw) = 1 − |2s − 1|`; so
    /// `LLR = N · ln(P(outcome | s1) / P(outcome | s0))`.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = tally.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let variance = tally.score_variance();
        if variance <= 0.0 {
            let most_likely: fn(f64) -> f64 = if tally.wins > 0 {
                |s| s
            } else if tally.losses > 0 {
                |s| 1.0 - s
            } else {
                |s| 1.0 - (2.0 * s - 1.0).abs()
            };
            return n * (most_likely(s1) / most_likely(s0)).ln();
        }
        let s = tally.score();
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    /// Whether the test has ended, and how.
    pub fn status(&self, tally: &Tally) -> SprtStatus {
        let llr = self.llr(tally);
        if llr >= self.upper_bound() {
            SprtStatus::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            pairs: [0; 5],
        }
    }

    #[test]
    fn logistic_curve_round_trips() {
        assert_eq!(score_from_elo(0.0), 0.5);
        // 10^(-200/400) = 0.316228, so s = 1 / 1.316228 = 0.759747.
        assert!(close(score_from_elo(200.0), 0.759_747, 1e-6));
        for elo in [-350.0, -5.0, 0.0, 12.5, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn elo_and_error_bar_by_hand() {
        // +100 =200 -80: N = 380, s = (100 + 100) / 380 = 0.526316.
        // σ² = (100·0.473684² + 200·0.026316² + 80·0.526316²) / 380
        //    = (22.43767 + 0.13850 + 22.16066) / 380 = 0.117729.
        // Elo = -400·log10(1/s − 1) = -400·log10(0.9) = 18.30.
        // σ/√N = 0.017601; s ± 1.96·0.017601 = 0.491817 .. 0.560815,
        // Elo −5.686 .. 42.468, so the error bar is (42.468 + 5.686) / 2 = 24.08.
        let t = tally(100, 200, 80);
        assert!(close(t.score(), 0.526_316, 1e-6));
        assert!(close(t.variance(), 0.117_729, 1e-6));
        let elo = t.elo().unwrap();
        assert!(close(elo.elo, 18.30, 0.01), "{elo:?}");
        assert!(close(elo.error, 24.08, 0.01), "{elo:?}");
        assert_eq!(elo.to_string(), "+18.3 +/- 24.1");

        // +60 =20 -20: s = 0.7, σ² = (60·0.09 + 20·0.04 + 20·0.49) / 100 = 0.16,
        // Elo = -400·log10(3/7) = 147.19; σ/√N = 0.04, s ± 0.078399 = 0.621601 .. 0.778399,
        // Elo 86.23 .. 218.25, error (218.25 − 86.23) / 2 = 66.01.
        let elo = tally(60, 20, 20).elo().unwrap();
        assert!(close(elo.elo, 147.19, 0.01) && close(elo.error, 66.01, 0.01));

        // An even score has Elo 0; a perfect one has no finite estimate.
        let even = tally(30, 40, 30).elo().unwrap();
        assert_eq!(even.elo, 0.0);
        assert!(even.to_string().starts_with("+0.0 +/- "), "{even}");
        let perfect = tally(10, 0, 0).elo().unwrap();
        assert!(perfect.elo.is_infinite() && perfect.error.is_infinite());
        assert!(Tally::default().elo().is_none());
    }

    #[test]
    fn the_error_bar_of_pairs_by_hand() {
        // 149 pairs: 5 worth ½, 129 worth 1, 15 worth 1½ (+28 =252 −18 over the 298 games).
        // s = 154 / 298 = 77 / 149 = 0.516779, Elo = -400·log10(1/s − 1) = 11.663.
        // A pair's mean score is ¼, ½ or ¾: σ² = (5·0.266779² + 129·0.016779² + 15·0.233221²)
        // / 149 = (0.355856 + 0.036319 + 0.815876) / 149 = 0.0081077.
        // V = σ² / 149 = 5.44142e-5, √V = 0.0073766; s ± 1.96·√V = 0.502321 .. 0.531237,
        // Elo 1.613 .. 21.734: error bar 10.06. Game by game it would be 15.47.
        let mut t = tally(28, 252, 18);
        let alone = t.elo().unwrap();
        assert!(close(alone.error, 15.47, 0.01), "{alone:?}");
        t.pairs = [0, 5, 129, 15, 0];
        assert!(t.paired());
        assert!(close(t.pair_variance(), 0.008_107_7, 1e-7));
        let elo = t.elo().unwrap();
        assert!(
            close(elo.elo, 11.66, 0.01) && close(elo.error, 10.06, 0.01),
            "{elo:?}"
        );

        // One pair, or pairs all alike, say nothing of the spread: the games are counted alone.
        t.pairs = [0, 0, 149, 0, 0];
        assert!(!t.paired());
        assert_eq!(t.elo().unwrap(), alone);
        t.pairs = [0, 0, 0, 1, 0];
        assert!(!t.paired());
    }

    #[test]
    fn sprt_bounds_by_hand() {
        let sprt = Sprt::parse("0,5").unwrap();
        // ln(0.05 / 0.95) = −2.944439 and ln(0.95 / 0.05) = +2.944439.
        assert!(close(sprt.lower_bound(), -2.944_439, 1e-6));
        assert!(close(sprt.upper_bound(), 2.944_439, 1e-6));
        let skewed = Sprt::parse("-3, 1, 0.1, 0.2").unwrap();
        // ln(0.2 / 0.9) = −1.504077 and ln(0.8 / 0.1) = 2.079442.
        assert!(close(skewed.lower_bound(), -1.504_077, 1e-6));
        assert!(close(skewed.upper_bound(), 2.079_442, 1e-6));
    }

    #[test]
    fn llr_by_hand() {
        let sprt = Sprt::parse("0,5").unwrap();
        // s0 = 0.5; s1 = 1 / (1 + 10^(−5/400)) = 0.5071951.
        // +100 =200 -80: LLR = 380 · 0.0071951 · (2·0.5263158 − 0.5 − 0.5071951) / (2·0.1177285)
        //                    = 380 · 0.0071951 · 0.0454365 / 0.2354571 = 0.52761.
        assert!(close(sprt.llr(&tally(100, 200, 80)), 0.527_61, 1e-4));
        // +30 =40 -30: s = 0.5, σ² = 0.15: LLR = 100 · 0.0071951 · (−0.0071951) / 0.3 = −0.017256.
        assert!(close(sprt.llr(&tally(30, 40, 30)), -0.017_256, 1e-5));
        // +60 =20 -20: LLR = 100 · 0.0071951 · (1.4 − 1.0071951) / 0.32 = 0.883207.
        assert!(close(sprt.llr(&tally(60, 20, 20)), 0.883_207, 1e-5));
        assert_eq!(sprt.status(&tally(60, 20, 20)), SprtStatus::Continue);
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
    }

    #[test]
    fn llr_of_pairs_by_hand() {
        // The 149 pairs above: LLR = 0.0071951 · (2·0.5167785 − 1.0071951) / (2·5.441438e-5)
        //                         = 0.0071951 · 0.0263619 / 1.0882876e-4 = 1.74289.
        let sprt = Sprt::parse("0,5").unwrap();
        let mut t = tally(28, 252, 18);
        t.pairs = [0, 5, 129, 15, 0];
        assert!(close(sprt.llr(&t), 1.742_89, 1e-4), "{}", sprt.llr(&t));
    }

    #[test]
    fn llr_of_a_sample_without_spread_by_hand() {
        let sprt = Sprt::parse("0,5").unwrap();
        // Only wins: LLR = N · ln(s1 / s0) = N · ln(0.5071951 / 0.5) = N · 0.0142876.
        assert!(close(sprt.llr(&tally(10, 0, 0)), 0.142_876, 1e-6));
        // 206 wins give 2.94325, just short of ln(19) = 2.94444; 207 give 2.95753.
        assert_eq!(sprt.status(&tally(206, 0, 0)), SprtStatus::Continue);
        assert_eq!(sprt.status(&tally(207, 0, 0)), SprtStatus::AcceptH1);
        // Only draws: P(draw | s1) = 1 − |2·0.5071951 − 1| = 0.9856098 against 1 under H0:
        // N · ln(0.9856098) = N · −0.0144947; 203 draws give −2.94243, 204 give −2.95692.
        assert!(close(sprt.llr(&tally(0, 10, 0)), -0.144_947, 1e-6));
        assert_eq!(sprt.status(&tally(0, 203, 0)), SprtStatus::Continue);
        assert_eq!(sprt.status(&tally(0, 204, 0)), SprtStatus::AcceptH0);
        // Only losses: N · ln((1 − s1) / (1 − s0)), the same −0.0144947 a game.
        assert!(close(sprt.llr(&tally(0, 0, 10)), -0.144_947, 1e-6));
        // Draws cannot tell apart hypotheses symmetric about 0.
        assert!(close(
            Sprt::parse("-5,5").unwrap().llr(&tally(0, 50, 0)),
            0.0,
            1e-12
        ));
    }

    #[test]
    fn sprt_stops_on_clear_evidence() {
        let sprt = Sprt::parse("0,5").unwrap();
        // Scoring 63% over 600 games: LLR 4.2, above the upper bound.
        assert_eq!(sprt.status(&tally(260, 240, 100)), SprtStatus::AcceptH1);
        // Scoring 45% over 2000 games: LLR −5.2, below the lower bound.
        assert_eq!(sprt.status(&tally(500, 800, 700)), SprtStatus::AcceptH0);
    }

    #[test]
    fn sprt_arguments_are_checked() {
        assert!(Sprt::parse("5,0").is_err());
        assert!(Sprt::parse("0").is_err());
        assert!(Sprt::parse("0,5,0.05").is_err());
        assert!(Sprt::parse("0,5,0.6,0.05").is_err());
        assert!(Sprt::parse("a,5").is_err());
        assert_eq!(
            Sprt::parse("0,5").unwrap().to_string(),
            "elo0=0 elo1=5 alpha=0.05 beta=0.05"
        );
    }
}
