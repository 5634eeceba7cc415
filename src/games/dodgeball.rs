//! Binary Dodgeball (PA 2012).
