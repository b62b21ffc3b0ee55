//! A FEN as people paste it, made into one the game reads: the `[FEN "…"]` tag of a PDN is
//! unwrapped, quotes are dropped, and for the tower games the usual one-piece-per-square form
//! (`W:Wc3,Kd4:Bd6`) is written as towers of one (`W:c3w,d4W,d6b`).

/// The FEN inside `text`, ready for the game's reader; `stacks` for Bashni and Lasca.
pub fn cleaned(text: &str, stacks: bool) -> String {
    let mut fen = text.trim();
    if let Some(inner) = fen.strip_prefix('[').and_then(|f| f.strip_suffix(']')) {
        let inner = inner.trim();
        if let Some(value) = inner
            .strip_prefix("FEN")
            .or_else(|| inner.strip_prefix("fen"))
        {
            fen = value.trim();
        }
    }
    let fen = fen.trim_matches(|c| c == '"' || c == '\'').trim();
    if stacks {
        towers_of_one(fen).unwrap_or_else(|| fen.to_string())
    } else {
        fen.to_string()
    }
}

/// `W:Wc3,Kd4:Bd6:H0:F1` as `W:c3w,d4W,d6b:H0:F1`; `None` when `fen` has no `W`/`B` piece
/// list (it is in the tower form already, or is not a FEN: the reader will say why).
fn towers_of_one(fen: &str) -> Option<String> {
    let mut fields = fen.split(':');
    let side = fields.next()?.trim();
    let mut pieces = Vec::new();
    let mut rest = Vec::new();
    let mut found = false;
    for field in fields {
        let field = field.trim();
        let owner = match field.chars().next() {
            Some('W') => 'w',
            Some('B') => 'b',
            _ => {
                rest.push(field.to_string());
                continue;
            }
        };
        found = true;
        for item in field[1..]
            .split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            let (king, square) = match item.strip_prefix('K') {
                Some(square) => (true, square),
                None => (false, item),
            };
            let letter = if king {
                owner.to_ascii_uppercase()
            } else {
                owner
            };
            pieces.push(format!("{}{letter}", square.to_ascii_lowercase()));
        }
    }
    if !found {
        return None;
    }
    let mut out = format!("{side}:{}", pieces.join(","));
    for field in rest {
        out.push(':');
        out.push_str(&field);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::cleaned;

    #[test]
    fn a_pdn_tag_is_unwrapped() {
        assert_eq!(cleaned(" [FEN \"W:Wc3:Bd6\"] ", false), "W:Wc3:Bd6");
        assert_eq!(cleaned("\"B:W1:B50\"", false), "B:W1:B50");
        assert_eq!(cleaned("W:Wc3:Bd6", false), "W:Wc3:Bd6");
    }

    #[test]
    fn towers_of_one_are_written_for_the_tower_games() {
        assert_eq!(cleaned("W:Wc3,Kd4:Bd6:H0:F1", true), "W:c3w,d4W,d6b:H0:F1");
        assert_eq!(cleaned("W:c3w,d4b:H0:F1", true), "W:c3w,d4b:H0:F1");
        assert_eq!(cleaned("B:W:Bd6", true), "B:d6b");
        assert_eq!(cleaned("", true), "");
    }
}
