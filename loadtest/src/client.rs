//! One protocol client over a real WebSocket, with small buffers so that
//! thousands fit in one process.

use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A connected, greeted client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The session token.
    pub token: String,
}

/// Sends an HTTP request and reads its JSON answer.
pub async fn json(request: reqwest::RequestBuilder) -> Result<serde_json::Value, String> {
    request.send().await.map_err(|e| e.to_string())?.json().await.map_err(|e| e.to_string())
}

/// A new guest session: its token.
pub async fn guest(http: &reqwest::Client, base: &str) -> Result<String, String> {
    let body = json(http.post(format!("{base}/api/session"))).await?;
    body["token"].as_str().map(str::to_string).ok_or_else(|| format!("no token in {body}"))
}

impl Client {
    /// Connects to `ws_url` and says hello with `token`.
    pub async fn connect(ws_url: &str, token: &str) -> Result<Client, String> {
        Client::open(ws_url, Some(token)).await
    }

    async fn open(ws_url: &str, token: Option<&str>) -> Result<Client, String> {
        let mut config = WebSocketConfig::default();
        config.read_buffer_size = 4096;
        config.write_buffer_size = 0;
        let (ws, _) = tokio_tungstenite::connect_async_with_config(ws_url, Some(config), true)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let mut client = Client { ws, token: token.unwrap_or_default().to_string() };
        client.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: token.map(str::to_string) }).await?;
        match client.recv().await? {
            ServerMessage::Welcome { .. } => Ok(client),
            other => Err(format!("expected welcome, got {other:?}")),
        }
    }

    /// Connects to `ws_url` as a visitor, without a session: it may watch.
    pub async fn visit(ws_url: &str) -> Result<Client, String> {
        Client::open(ws_url, None).await
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        let text = serde_json::to_string(message).map_err(|e| e.to_string())?;
        self.ws.send(Message::Text(text.into())).await.map_err(|e| format!("send: {e}"))
    }

    /// The next protocol message.
    pub async fn recv(&mut self) -> Result<ServerMessage, String> {
        self.recv_as().await
    }

    /// The next message read as `T`: the play loop reads only the fields it
    /// uses ([`crate::heard::Heard`]), so that the generator's CPU goes to
    /// the load, not to parsing views it never looks at.
    pub async fn recv_as<T: serde::de::DeserializeOwned>(&mut self) -> Result<T, String> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(&text).map_err(|e| format!("unreadable message {text}: {e}"));
                }
                Some(Ok(Message::Close(frame))) => return Err(format!("closed: {frame:?}")),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(format!("receive: {e}")),
                None => return Err("the connection ended".into()),
            }
        }
    }

    /// Waits for the first message that `pick` accepts, skipping others.
    pub async fn wait_for<T>(&mut self, mut pick: impl FnMut(ServerMessage) -> Option<T>) -> Result<T, String> {
        loop {
            let message = self.recv().await?;
            if let ServerMessage::Error(error) = &message {
                return Err(format!(
                    "server error: {} {}",
                    serde_json::to_string(&error.code).unwrap_or_default(),
                    error.message
                ));
            }
            if let Some(found) = pick(message) {
                return Ok(found);
            }
        }
    }
}
