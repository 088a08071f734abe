//! The mail gateway's words (`locales/LANG/mail.ftl`): its answers, reminders and letters.

use crate::Catalog;

/// The mail gateway's words.
pub static MAIL: Catalog = Catalog::new("mail");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_message_exists_in_every_language_and_formats() {
        assert_eq!(MAIL.missing(), Vec::<(&str, String)>::new());
        assert_eq!(MAIL.parse_errors(), Vec::<(&str, String)>::new());
        let args = [
            "line", "power", "game", "phase", "why", "to", "result", "title", "deadline",
            "address", "powers", "from", "unit", "next", "homes", "text", "size", "limit",
        ];
        assert_eq!(MAIL.format_errors(&args), Vec::<String>::new());
    }
}
