/// The form under which names are looked up: lower case, `.`/`_`/`'` removed, runs of spaces
/// and hyphens turned into one space, so "St. Petersburg", "st petersburg" and "ST-PETERSBURG"
/// meet. Diacritics are kept: Czech "Čechy" and a bare "Cechy" are both added as names by the
/// variant file where wanted, rather than guessed here.
pub fn normalize_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for ch in s.chars() {
        if ch == '.' || ch == '\'' || ch == '’' {
            continue;
        }
        if ch.is_whitespace() || ch == '-' || ch == '_' {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.extend(ch.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn normalizes() {
        assert_eq!(normalize_name("St. Petersburg"), "st petersburg");
        assert_eq!(
            normalize_name("  Mid-Atlantic   Ocean "),
            "mid atlantic ocean"
        );
        assert_eq!(normalize_name("Čechy"), "čechy");
    }
}
