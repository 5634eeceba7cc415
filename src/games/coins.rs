//! Coin row (SDOI 2016).
