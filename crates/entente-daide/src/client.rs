//! A small blocking DAIDE client: connects, sends the initial message, and exchanges
//! diplomacy messages written as text (`NME ( 'bot' ) ( '1.0' )`). For tests and for
//! scripting a bot by hand; a bot's author may start from it.

use crate::board::Board;
use crate::msg::{self, Node};
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct Client {
    stream: TcpStream,
    board: Board,
}

/// The initial message: type 0, length 4, version 1, magic 0xDA10.
const IM: [u8; 8] = [0, 0, 0, 4, 0, 1, 0xDA, 0x10];

impl Client {
    /// Connects and reads the representation message; `board` names the tokens (the
    /// standard map's, or the variant's the server describes).
    pub fn connect(addr: &str, board: Board, timeout: Duration) -> io::Result<Client> {
        let mut stream = TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(timeout))?;
        stream.write_all(&IM)?;
        let mut c = Client { stream, board };
        match c.frame()? {
            Some((1, _)) => Ok(c),
            other => Err(io::Error::other(format!(
                "expected the representation message, got {other:?}"
            ))),
        }
    }

    fn frame(&mut self) -> io::Result<Option<(u8, Vec<u8>)>> {
        let mut h = [0u8; 4];
        match self.stream.read_exact(&mut h) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
        let mut body = vec![0u8; u16::from_be_bytes([h[2], h[3]]) as usize];
        self.stream.read_exact(&mut body)?;
        Ok(Some((h[0], body)))
    }

    /// Sends a diplomacy message written as text.
    pub fn send(&mut self, text: &str) -> io::Result<()> {
        let m = msg::parse_text(text, &self.board)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, format!("{e:?}")))?;
        self.send_msg(&m)
    }

    pub fn send_msg(&mut self, m: &[Node]) -> io::Result<()> {
        let b = msg::to_bytes(m);
        if b.len() > u16::MAX as usize {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a message of {} octets does not fit a frame", b.len()),
            ));
        }
        let mut f = vec![2, 0];
        f.extend((b.len() as u16).to_be_bytes());
        f.extend(b);
        self.stream.write_all(&f)
    }

    /// The next diplomacy message as text; `None` once the server closed the line (the
    /// final message or end of stream). A read timeout is an error.
    pub fn recv(&mut self) -> io::Result<Option<String>> {
        loop {
            match self.frame()? {
                Some((2, body)) => {
                    return Ok(Some(match msg::from_bytes(&body) {
                        Ok(m) => msg::text(&m, &self.board),
                        // PRN quotes a message whose brackets do not balance.
                        Err(_) => msg::text_of_tokens(&body, &self.board),
                    }));
                }
                Some((3, _)) | None => return Ok(None),
                Some((4, body)) => return Err(io::Error::other(format!("error message {body:?}"))),
                Some(_) => continue,
            }
        }
    }

    /// Messages until one starts with `prefix`, which is returned (the ones before too).
    pub fn until(&mut self, prefix: &str) -> io::Result<(String, Vec<String>)> {
        let mut before = Vec::new();
        loop {
            match self.recv()? {
                Some(m) if m.starts_with(prefix) => return Ok((m, before)),
                Some(m) => before.push(m),
                None => {
                    return Err(io::Error::other(format!(
                        "the line closed while waiting for {prefix}; got {before:?}"
                    )))
                }
            }
        }
    }
}
