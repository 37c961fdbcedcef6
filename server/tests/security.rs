//! What a browser is told to enforce on our pages, and who may open the
//! WebSocket: tested with real HTTP and WebSocket clients against a real
//! server, as a hostile page's browser would send them.

mod common;

use protocol::{ClientMessage, Seat};

use common::{Client, TestDb, TestServer, settings};
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

#[tokio::test]
async fn every_page_asset_and_api_answer_carries_the_security_headers() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    for path in ["/", "/t/0123456789abcdef", "/assets/app.js", "/assets/style.css", "/api/games", "/api/nothing"] {
        let response = reqwest::get(server.http(path)).await.unwrap();
        let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_string());
        let policy = header("content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP"));
        for directive in ["script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"] {
            assert!(policy.contains(directive), "{path}: {policy} lacks {directive}");
        }
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(header("referrer-policy").as_deref(), Some("no-referrer"), "{path}: an invite link would leak");
        assert_eq!(header("x-frame-options").as_deref(), Some("DENY"), "{path}");
    }
    server.stop().await;
}

/// Opens the WebSocket as a browser on a page of `origin` would (no Origin: not a browser).
async fn upgrade(server: &TestServer, origin: Option<&'static str>) -> Result<(), WsError> {
    let mut request = server.ws().into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_static(origin));
    }
    tokio_tungstenite::connect_async(request).await.map(|_| ())
}

#[tokio::test]
async fn only_the_servers_own_pages_may_open_the_websocket() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let own: &'static str = Box::leak(format!("http://{}", server.addr).into_boxed_str());
    upgrade(&server, Some(own)).await.expect("the server's own page connects");
    upgrade(&server, None).await.expect("a client that is not a browser connects");
    for hostile in ["https://evil.example", "null", "http://127.0.0.1:1"] {
        match upgrade(&server, Some(hostile)).await {
            Err(WsError::Http(response)) => assert_eq!(response.status(), 403, "{hostile}"),
            other => panic!("a page of {hostile} was not refused: {other:?}"),
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn an_origin_the_operator_lists_may_open_it_too() {
    let db = TestDb::sqlite();
    let mut listed = settings(&db.url, Duration::from_secs(60));
    listed.allowed_origins = vec!["https://play.example.org".into()];
    let server = TestServer::start_with(listed).await;
    upgrade(&server, Some("https://play.example.org")).await.expect("a listed origin connects");
    assert!(upgrade(&server, Some("https://evil.example")).await.is_err());
    server.stop().await;
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_secure_behind_https() {
    let db = TestDb::sqlite();
    for secure in [false, true] {
        let mut config = settings(&db.url, Duration::from_secs(60));
        config.secure_cookies = secure;
        let server = TestServer::start_with(config).await;
        let response = reqwest::Client::new().post(server.http("/api/session")).send().await.unwrap();
        let cookie = response.headers()["set-cookie"].to_str().unwrap().to_string();
        assert!(cookie.starts_with("tactica_session=") && cookie.contains("HttpOnly"), "{cookie}");
        assert_eq!(cookie.contains("Secure"), secure, "{cookie}");
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn password_guessing_backs_off_exponentially() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let client = reqwest::Client::new();
    let guess = |n: u32| {
        client
            .post(server.http("/api/login"))
            .json(&serde_json::json!({"username": "annika", "password": format!("guess number {n}")}))
            .send()
    };
    for n in 0..3 {
        assert_eq!(guess(n).await.unwrap().status(), 403, "mistake {n} is checked and refused");
    }
    // The fourth failure makes the next attempt wait a second, then two…
    assert_eq!(guess(3).await.unwrap().status(), 403);
    let refused = guess(4).await.unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.headers()["retry-after"], "1");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["error"], "rate_limited", "{body}");
    assert!(body["message"].as_str().unwrap().contains("try again in 1 s"), "{body}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_view_creates_no_guest_and_a_visitor_may_watch_but_not_play() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    for path in ["/", "/t/0123456789abcdef0123456789abcdef", "/history"] {
        let page = reqwest::get(server.http(path)).await.unwrap();
        assert_eq!(page.status(), 200);
        assert!(page.headers().get("set-cookie").is_none(), "{path} handed out a session");
    }

    let mut host = server.client().await;
    let (table, _) = host.create_lobby("accasta", true, None).await;
    let mut visitor = Client::connect_silently(&server.ws(), "", json!({})).await;
    visitor.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: None }).await;
    let welcome = visitor.expect(|m| m["type"] == "welcome").await;
    assert!(welcome.get("you").is_none(), "a visitor is nobody yet: {welcome}");
    visitor.say(&ClientMessage::WatchLobbies).await;
    let lobbies = visitor.expect(|m| m["type"] == "lobbies").await;
    assert!(lobbies["lobbies"].as_array().unwrap().iter().any(|l| l["table"] == table.as_str()), "{lobbies}");
    visitor.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    visitor.expect(|m| m["type"] == "snapshot").await;
    visitor.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(1) }).await;
    let refused = visitor.expect_error("unauthorized").await;
    assert!(refused["message"].as_str().unwrap().contains("POST /api/session"), "{refused}");
    visitor.say(&ClientMessage::CreateLobby(common::lobby("accasta", serde_json::Value::Null))).await;
    visitor.expect_error("unauthorized").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_private_table_asked_for_by_id_by_a_stranger_is_not_even_loaded() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (mut a, mut b) = (server.client().await, server.client().await);
    let (table, _) = common::start_private_match(&mut a, &mut b, "accasta", None).await;
    a.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    a.expect_event("ended").await;
    let (a_token, a_player) = (a.token.clone(), a.player.clone());
    server.stop().await;

    // After a restart the finished match is in the database only.
    let server = TestServer::start(&db.url).await;
    assert_eq!(server.metric("tactica_tables").await, 0);
    let mut stranger = server.client().await;
    stranger.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    stranger.expect_error("no_such_table").await;
    assert_eq!(server.metric("tactica_tables").await, 0, "a stranger's guess loaded the private match");
    let mut player = Client::connect(&server.ws(), &a_token, a_player).await;
    player.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    player.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(server.metric("tactica_tables").await, 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_may_hold_only_so_many_connections_and_the_others_carry_on() {
    let db = TestDb::sqlite();
    let mut limited = settings(&db.url, Duration::from_secs(60));
    limited.max_connections_per_address = 2;
    let server = TestServer::start_with(limited).await;
    let mut first = server.client().await;
    let mut second = server.client().await;
    match upgrade(&server, None).await {
        Err(WsError::Http(response)) => assert_eq!(response.status(), 429),
        other => panic!("a third connection from one address was not refused: {other:?}"),
    }
    for client in [&mut first, &mut second] {
        client.say(&ClientMessage::Ping { t: Some(1) }).await;
        client.expect(|m| m["type"] == "pong").await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn guest_sessions_unused_for_ninety_days_end_and_others_stay() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (idle_guest, _) = server.guest().await;
    let (busy_guest, _) = server.guest().await;
    let (member, _) = server.guest().await;
    let registered = reqwest::Client::new()
        .post(server.http("/api/register"))
        .bearer_auth(&member)
        .json(&json!({"username": "member_1", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), 200);
    server.stop().await;

    // Ninety days and a minute on; the busy guest came back yesterday.
    let now = server::epoch::now_ms() as i64;
    let long_ago = now - server::GUEST_SESSION_LIFETIME.as_millis() as i64 - 60_000;
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&db.url).await.unwrap();
    sqlx::query("UPDATE sessions SET created_at = $1, last_used_at = NULL")
        .bind(long_ago)
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE token_hash = $2")
        .bind(now - 86_400_000)
        .bind(server::identity::sha256_hex(busy_guest.as_bytes()))
        .execute(&mut conn)
        .await
        .unwrap();
    drop(conn);

    let server = TestServer::start(&db.url).await;
    let me = |token: String| {
        let url = server.http("/api/me");
        async move { reqwest::Client::new().get(url).bearer_auth(token).send().await.unwrap().status() }
    };
    assert_eq!(me(idle_guest).await, 401, "an idle guest's session ended");
    assert_eq!(me(busy_guest).await, 200, "a guest who came back keeps theirs");
    assert_eq!(me(member).await, 200, "an account's session is not a guest's");
    server.stop().await;
}
