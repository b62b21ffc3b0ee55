//! Tuning the evaluation: self-play games to label positions with results ([`selfplay`]) and a
//! logistic-regression fit of the evaluation weights to them ([`texel`]).

pub mod fit;
pub mod network;
pub mod patterns;
pub mod selfplay;
pub mod texel;
