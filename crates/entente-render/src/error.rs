/// Why a picture could not be made.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct RenderError(pub String);

impl From<&str> for RenderError {
    fn from(s: &str) -> RenderError {
        RenderError(s.to_string())
    }
}
