//! Coin grid (ZJOI 2009).
