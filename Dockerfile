# Builds the `tactica` binary (the web client is embedded in it) and runs it
# on a small Debian image. Used by docker-compose.yml.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p tactica-server

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/tactica tactica && mkdir -p /var/lib/tactica && chown tactica /var/lib/tactica
COPY --from=build /src/target/release/tactica /usr/local/bin/tactica
USER tactica
WORKDIR /var/lib/tactica
ENV TACTICA_ADDR=0.0.0.0:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s CMD ["/usr/local/bin/tactica", "healthcheck", "--url", "http://127.0.0.1:8080/healthz"]
CMD ["/usr/local/bin/tactica", "serve", "--log-json"]
