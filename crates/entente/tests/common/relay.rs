//! A real SMTP relay on loopback for the mail tests (`mail_gateway`, `club_mail`): Python's
//! `aiosmtpd` keeping each mail it takes in a maildir.

use std::process::{Command, Stdio};

/// Python with `aiosmtpd` (PyPI), the real SMTP relay of these tests: `ENTENTE_MAIL_PYTHON`,
/// else `target/mail-venv/bin/python` (made by .ci/run). Missing: the test is skipped,
/// unless `ENTENTE_REQUIRE_MAIL=1` (CI), which fails it.
pub fn mail_python() -> Option<std::path::PathBuf> {
    let p = std::env::var_os("ENTENTE_MAIL_PYTHON")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../target/mail-venv/bin/python")
        });
    let ok = Command::new(&p)
        .args(["-c", "import aiosmtpd"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("ENTENTE_REQUIRE_MAIL").as_deref() != Ok("1"),
            "ENTENTE_REQUIRE_MAIL=1 but {} has no aiosmtpd",
            p.display()
        );
        eprintln!("skipped: no Python with aiosmtpd at {}", p.display());
        return None;
    }
    Some(p)
}

/// A real SMTP relay on loopback (aiosmtpd) that keeps each mail it takes in a maildir.
pub struct Relay {
    child: std::process::Child,
}

impl Relay {
    pub fn start(python: &std::path::Path, port: u16, maildir: &std::path::Path) -> Relay {
        let child = Command::new(python)
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
            ])
            .arg(maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start aiosmtpd");
        Relay { child }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn delivered(maildir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(maildir.join("new"))
        .map(|d| {
            d.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A free port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `entente serve` on `database` mailing through the relay on `relay_port` as
/// `judge@club.example`, its mailer looking every 100 ms; `extra`: more arguments.
pub fn judge_server(database: &str, relay_port: u16, extra: &[&str]) -> super::server::Server {
    let relay_url = format!("smtp://127.0.0.1:{relay_port}");
    let mut args = vec![
        "--relay",
        &relay_url,
        "--mail-from",
        "judge@club.example",
        "--mail-every-ms",
        "100",
    ];
    args.extend_from_slice(extra);
    super::server::Server::start_with(database, &args)
}

/// Sends one mail to the server's SMTP listener as a mail server would; the reply code to
/// the end of its data.
pub fn smtp_send(port: u16, from: &str, raw: &[u8]) -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect to --smtp");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    let mut r = BufReader::new(stream);
    let code = |r: &mut BufReader<std::net::TcpStream>| -> u16 {
        loop {
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            // "250-..." continues, "250 ..." ends a reply.
            if line.len() < 4 || line.as_bytes()[3] != b'-' {
                return line.get(..3).and_then(|c| c.parse().ok()).unwrap_or(0);
            }
        }
    };
    assert_eq!(code(&mut r), 220);
    for (cmd, want) in [
        ("EHLO mail.example.org\r\n".to_string(), 250),
        (format!("MAIL FROM:<{from}>\r\n"), 250),
        ("RCPT TO:<judge@club.example>\r\n".to_string(), 250),
        ("DATA\r\n".to_string(), 354),
    ] {
        w.write_all(cmd.as_bytes()).unwrap();
        assert_eq!(code(&mut r), want, "{cmd}");
    }
    // Dot-stuffing: a line that begins with a dot gets one more.
    let mut data = Vec::new();
    for line in raw.split_inclusive(|&b| b == b'\n') {
        if line.first() == Some(&b'.') {
            data.push(b'.');
        }
        data.extend_from_slice(line);
    }
    if !data.ends_with(b"\r\n") {
        data.extend_from_slice(b"\r\n");
    }
    data.extend_from_slice(b".\r\n");
    w.write_all(&data).unwrap();
    let end = code(&mut r);
    w.write_all(b"QUIT\r\n").unwrap();
    end
}

/// Runs `entente mail-in` on one mail; its output.
pub fn mail_in(db: &str, mail: &[u8]) -> String {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(["mail-in", "--database", db, "--show-answer"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run entente mail-in");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), mail).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "mail-in failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
