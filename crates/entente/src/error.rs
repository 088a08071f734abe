//! The command line's error: a library's typed error, or a message of the command line's
//! own (a bad argument, a file that cannot be read). `main` prints it and exits with 2.

/// What went wrong in a command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// From the game, hosting, record and store crates.
    #[error(transparent)]
    Game(#[from] entente_game::Error),
    #[error(transparent)]
    Variant(#[from] entente_map::LoadError),
    #[error(transparent)]
    Scenario(#[from] entente_scenario::ScenarioError),
    #[error(transparent)]
    Render(#[from] entente_render::RenderError),
    #[error(transparent)]
    Edition(#[from] entente_judge::UnknownEdition),
    #[error(transparent)]
    Serve(#[from] entente_server::ServeError),
    #[error("{0}")]
    Message(String),
}

impl From<String> for CliError {
    fn from(s: String) -> CliError {
        CliError::Message(s)
    }
}

impl From<&str> for CliError {
    fn from(s: &str) -> CliError {
        CliError::Message(s.to_string())
    }
}

pub type CliResult<T> = Result<T, CliError>;
