//! Tianyuan (天元): a Go board on the Chinese Weiqi Rules.
