//! Identity and the match history over HTTP: guests, names, accounts,
//! listing with filters, one match, exports the replay tool accepts, and the
//! states after each turn.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, get, play_random, start_private_match};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn post(server: &TestServer, token: Option<&str>, path: &str, body: Value) -> (StatusCode, Value) {
    let mut request = reqwest::Client::new().post(server.http(path)).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread")]
async fn guests_rename_register_log_in_elsewhere_and_keep_their_matches() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        // Asking for a session hands out a guest cookie.
        let session = reqwest::Client::new().post(server.http("/api/session")).send().await.unwrap();
        let cookie = session.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
        assert!(cookie.starts_with("tactica_session=") && cookie.contains("HttpOnly"), "{cookie}");

        let mut a = server.client().await;
        let mut b = server.client().await;
        let (status, _) = get(&server, None, "/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, me) = post(&server, Some(&a.token), "/api/me/name", json!({"name": "  Ann  "})).await;
        assert_eq!((status, me["player"]["name"].as_str()), (StatusCode::OK, Some("Ann")));
        let (status, error) = post(&server, Some(&a.token), "/api/me/name", json!({"name": ""})).await;
        assert_eq!((status, error["error"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_request")));

        let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
        a.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
        a.expect_event("ended").await;

        let username = format!("ann{}", &a.id()[..6]);
        let (status, registered) =
            post(&server, Some(&a.token), "/api/register", json!({"username": username, "password": "correct horse"}))
                .await;
        assert_eq!(status, StatusCode::OK, "{registered}");
        assert_eq!(registered["player"]["registered"], true);
        let (status, taken) =
            post(&server, Some(&b.token), "/api/register", json!({"username": username, "password": "another one"}))
                .await;
        assert_eq!((status, taken["error"].as_str()), (StatusCode::CONFLICT, Some("conflict")));
        let (status, _) =
            post(&server, Some(&b.token), "/api/register", json!({"username": "bob_x", "password": "short"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        // On another device, a guest plays a match, then logs in: the match moves to the account.
        let mut device = server.client().await;
        let mut opponent = server.client().await;
        let (second, _) = start_private_match(&mut device, &mut opponent, "accasta", None).await;
        let (status, _) = post(
            &server,
            Some(&device.token),
            "/api/login",
            json!({"username": username, "password": "wrong password"}),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, busy) = post(
            &server,
            Some(&device.token),
            "/api/login",
            json!({"username": username, "password": "correct horse"}),
        )
        .await;
        assert_eq!(
            (status, busy["error"].as_str()),
            (StatusCode::CONFLICT, Some("conflict")),
            "not during a live guest match"
        );
        device.say(&ClientMessage::Resign { table: second.to_string(), seat: None }).await;
        device.expect_event("ended").await;
        let (status, login) = post(
            &server,
            Some(&device.token),
            "/api/login",
            json!({"username": username, "password": "correct horse"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{login}");
        assert_eq!(login["player"]["id"], a.player["id"]);
        let account_token = login["token"].as_str().unwrap().to_string();
        let (_, mine) = get(&server, Some(&account_token), "/api/matches?mine=true").await;
        let tables: Vec<&str> =
            mine["matches"].as_array().unwrap().iter().map(|m| m["table"].as_str().unwrap()).collect();
        assert!(tables.contains(&table.as_str()) && tables.contains(&second.as_str()), "{mine}");
        let (status, _) = get(&server, Some(&device.token), "/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "the guest session ended with the login");
        let (status, _) = post(&server, Some(&account_token), "/api/logout", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = get(&server, Some(&account_token), "/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn matches_are_listed_with_filters_and_private_ones_only_to_their_players() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut a = server.client().await;
        let mut b = server.client().await;
        let stranger = server.client().await;
        post(&server, Some(&b.token), "/api/me/name", json!({"name": format!("Bob {}", &b.id()[..4])})).await;
        // A private Dame 100 match that a wins, and a public Accasta one agreed drawn.
        let (won, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
        b.say(&ClientMessage::Resign { table: won.to_string(), seat: None }).await;
        a.expect_event("ended").await;
        let (drawn, code) = a.create_lobby("accasta", true, None).await;
        a.take_seat(&drawn, 0).await;
        b.join_code(&code).await;
        b.take_seat(&drawn, 1).await;
        a.say(&ClientMessage::Start { table: drawn.to_string(), shuffle_seats: false }).await;
        b.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        a.say(&ClientMessage::OfferDraw { table: drawn.to_string() }).await;
        b.expect_event("draw_offered").await;
        b.say(&ClientMessage::AcceptDraw { table: drawn.to_string() }).await;
        a.expect_event("ended").await;

        let ids = |list: &Value| -> Vec<String> {
            list["matches"].as_array().unwrap().iter().map(|m| m["table"].as_str().unwrap().to_string()).collect()
        };
        let a_id = a.id();
        let (_, all) = get(&server, Some(&a.token), &format!("/api/matches?player={a_id}")).await;
        assert_eq!(ids(&all), vec![drawn.clone(), won.clone()], "newest first");
        let (_, theirs) = get(&server, Some(&stranger.token), &format!("/api/matches?player={a_id}")).await;
        assert_eq!(ids(&theirs), vec![drawn.clone()], "a private match is listed only to its players");
        let (_, dame) = get(&server, Some(&a.token), &format!("/api/matches?player={a_id}&game=dame100")).await;
        assert_eq!(ids(&dame), vec![won.clone()]);
        let (_, wins) = get(&server, Some(&a.token), "/api/matches?mine=true&result=win").await;
        assert_eq!(ids(&wins), vec![won.clone()]);
        let (_, losses) = get(&server, Some(&b.token), "/api/matches?mine=true&result=loss").await;
        assert_eq!(ids(&losses), vec![won.clone()]);
        let (_, draws) = get(&server, Some(&a.token), "/api/matches?mine=true&result=draw").await;
        assert_eq!(ids(&draws), vec![drawn.clone()]);
        let (_, by_name) = get(&server, Some(&a.token), "/api/matches?mine=true&opponent=bob").await;
        assert_eq!(ids(&by_name).len(), 2, "opponent names match without case");
        let (_, nobody) = get(&server, Some(&a.token), "/api/matches?mine=true&opponent=zelda").await;
        assert!(ids(&nobody).is_empty());
        let (_, page1) = get(&server, Some(&a.token), "/api/matches?mine=true&per_page=1").await;
        let (_, page2) = get(&server, Some(&a.token), "/api/matches?mine=true&per_page=1&page=2").await;
        assert_eq!((ids(&page1), page1["more"].as_bool()), (vec![drawn.clone()], Some(true)));
        assert_eq!((ids(&page2), page2["more"].as_bool()), (vec![won.clone()], Some(false)));
        let (_, future) = get(&server, Some(&a.token), "/api/matches?mine=true&from=9999999999999").await;
        assert!(ids(&future).is_empty(), "date range");
        let (_, past) = get(&server, Some(&a.token), "/api/matches?mine=true&to=1").await;
        assert!(ids(&past).is_empty());
        let (status, _) = get(&server, Some(&a.token), "/api/matches?result=maybe").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let entry = &all["matches"][1];
        assert_eq!(entry["result"]["termination"], "resignation");
        assert_eq!(entry["seats"][0]["place"], 1);
        assert!(
            entry["seats"][1]["player"]["name"].as_str().unwrap().starts_with("Bob "),
            "names come from the players' current names"
        );
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn finished_matches_export_to_records_that_replay_to_the_same_end() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        for (n, game) in ["accasta", "dame100"].into_iter().enumerate() {
            let mut a = server.client().await;
            let mut b = server.client().await;
            let (table, code) = start_private_match(&mut a, &mut b, game, None).await;
            let (played, end) = play_random(&mut a, &mut b, &table, 5_000, 40 + n as u64).await;
            assert_eq!(end["phase"], "finished");

            // One match with its moves; strangers need the code.
            let stranger: Client = server.client().await;
            let (status, _) = get(&server, Some(&stranger.token), &format!("/api/matches/{table}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
            let (status, detail) =
                get(&server, Some(&stranger.token), &format!("/api/matches/{table}?code={code}")).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(detail["seed"], end["seed"]);
            let actions = detail["events"].as_array().unwrap().iter().filter(|e| e["kind"] == "action").count();
            assert_eq!(actions, played);

            // The notation record (PDN for draughts) replays with the rules tool.
            let notation = reqwest::Client::new()
                .get(server.http(&format!("/api/matches/{table}/export?format=notation")))
                .bearer_auth(&a.token)
                .send()
                .await
                .unwrap();
            let disposition = notation.headers()["content-disposition"].to_str().unwrap().to_string();
            assert!(disposition.contains(if game == "dame100" { ".pdn" } else { ".txt" }), "{disposition}");
            let text = notation.text().await.unwrap();
            let replayed = rules::tools::replay::replay_by_id(game, &text).unwrap();
            assert!(replayed.failure.is_none(), "{game}: {:?}\n{text}", replayed.failure);
            assert_eq!(
                serde_json::to_value(replayed.state().view(rules::Viewer::Spectator)).unwrap()["stacks"],
                end["view"]["stacks"],
                "{game}: the notation leads to the same final position"
            );

            // The open JSON record replays exactly, from the seed.
            let (status, record) =
                get(&server, Some(&a.token), &format!("/api/matches/{table}/export?format=json")).await;
            assert_eq!(status, StatusCode::OK);
            let replayed = rules::tools::replay::replay_by_id(game, &record.to_string()).unwrap();
            assert!(replayed.failure.is_none());
            let history = record["history"].as_array().unwrap();
            assert_eq!(replayed.replayed, history.len());
            assert_eq!(history.iter().filter(|c| c["kind"] == "act").count(), played, "{game}: every action");
            assert_eq!(
                serde_json::to_value(replayed.state().status().outcome()).unwrap(),
                end["result"]["outcome"],
                "{game}: the same result"
            );

            // The state after each turn, from either seat.
            let (status, replay) =
                get(&server, Some(&stranger.token), &format!("/api/matches/{table}/replay?code={code}&seat=1")).await;
            assert_eq!(status, StatusCode::OK);
            let steps = replay["steps"].as_array().unwrap();
            assert_eq!(steps.len() as u64, steps.last().unwrap()["turn"].as_u64().unwrap() + 1);
            assert!(steps[0].get("text").is_none());
            assert!(steps[1]["text"].is_string());
            assert_eq!(steps.last().unwrap()["view"]["stacks"], end["view"]["stacks"]);
            assert_eq!(replay["layout"]["cells"].as_array().unwrap().len(), if game == "dame100" { 50 } else { 37 });
        }
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn live_matches_show_only_what_a_viewer_may_see() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "accasta", None).await;
    a.act(&table, &json!({"move": {"from": "b4", "count": 2, "to": "c5"}})).await;
    let (status, detail) = get(&server, Some(&b.token), &format!("/api/matches/{table}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(detail.get("seed").is_none(), "the seed stays secret while the match is live");
    let (status, _) = get(&server, Some(&b.token), &format!("/api/matches/{table}/export?format=json")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = get(&server, Some(&b.token), &format!("/api/matches/{table}/replay?seat=0")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "another seat's view only after the end");
    let (status, own) = get(&server, Some(&b.token), &format!("/api/matches/{table}/replay?seat=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(own["steps"].as_array().unwrap().len(), 2);
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn health_metrics_games_and_pages_are_served() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (status, body) = get(&server, None, "/healthz").await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, Some("ok")));
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
    a.act(&table, &json!({"from": 32, "to": 28})).await;
    let (_, metrics) = get(&server, None, "/metrics").await;
    let metrics = metrics.as_str().unwrap().to_string();
    for line in [
        "tactica_connections 2",
        "tactica_live_matches 1",
        "tactica_actions_total 1",
        "tactica_action_latency_seconds_count 1",
    ] {
        assert!(metrics.contains(line), "{line} in\n{metrics}");
    }
    let (_, games) = get(&server, None, "/api/games").await;
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    let mut registered: Vec<&str> = rules::registry::games().iter().map(|g| g.info().id).collect();
    // This server hosts the test game (`--test-games`): it is listed last.
    registered.push("drill");
    assert_eq!(ids, registered, "every registered game is offered, in the registry's order");
    assert!(ids.contains(&"tactique") && ids.contains(&"alva"), "{ids:?}");

    // The board a snapshot names, as the page fetches it, with an ETag that
    // lets browsers keep it.
    let snapshot = a.frames.iter().find(|m| m["type"] == "snapshot").cloned().expect("a snapshot");
    let url = snapshot["layout_url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/games/dame100/layout?version=1&options="), "{url}");
    let response = reqwest::get(server.http(&url)).await.unwrap();
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let etag = response.headers()["etag"].clone();
    let layout: Value = response.json().await.unwrap();
    assert_eq!(layout["cells"].as_array().unwrap().len(), 50);
    let again = reqwest::Client::new().get(server.http(&url)).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "a browser that has it keeps it");
    let maze = r#"/api/games/attactics/layout?options={"seats":4,"allies":"across"}"#;
    let (status, layout) = get(&server, None, maze).await;
    assert_eq!((status, layout["cells"].as_array().unwrap().len()), (StatusCode::OK, 36 * 36));
    for (path, code) in [
        ("/api/games/chess/layout", "not_found"),
        ("/api/games/dame100/layout?version=9", "not_found"),
        ("/api/games/attactics/layout?options={", "bad_request"),
        ("/api/games/dame100/layout?version=x", "bad_request"),
        (r#"/api/games/attactics/layout?options={"seats":2,"allies":"across"}"#, "bad_request"),
    ] {
        let (status, body) = get(&server, None, path).await;
        assert_eq!(body["error"], code, "{path}: {status} {body}");
    }
    let (status, body) = get(&server, None, "/api/nothing-here").await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
    let (status, body) = get(&server, Some(&a.token), "/api/matches?page=x").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request")),
        "query errors are JSON"
    );
    let (status, body) = post(&server, Some(&a.token), "/api/me/name", json!({"nom": "x"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request")),
        "body errors are JSON"
    );
    let response = reqwest::Client::new().delete(server.http("/api/me")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "method_not_allowed");
    let (status, _) = get(&server, Some(&a.token), "/api/matches?mine=true&page=5000000000").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a page past u32 is refused, not wrapped");
    let (status, far) = get(&server, Some(&a.token), "/api/matches?mine=true&page=50000000&per_page=100").await;
    assert_eq!((status, far["matches"].as_array().map(Vec::len)), (StatusCode::OK, Some(0)), "no overflow");
    server.stop().await;
    db.drop_db().await;
}
