// The HTTP API (docs/protocol.md, "HTTP API"). The session cookie goes along
// with every request; errors come back as {error, message}.

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(data?.message ?? `${method} ${path} failed (${response.status})`);
    error.code = data?.error;
    throw error;
  }
  return data;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const api = {
  session: () => call("POST", "/api/session"),
  me: () => call("GET", "/api/me"),
  rename: (name) => call("POST", "/api/me/name", { name }),
  register: (username, password) => call("POST", "/api/register", { username, password }),
  login: (username, password) => call("POST", "/api/login", { username, password }),
  logout: () => call("POST", "/api/logout"),
  games: () => call("GET", "/api/games"),
  bots: () => call("GET", "/api/bots"),
  layout: (url) => call("GET", url),
  matches: (filters) => call("GET", `/api/matches${query(filters)}`),
  match: (id, code) => call("GET", `/api/matches/${id}${query({ code })}`),
  events: (id, before, code) => call("GET", `/api/matches/${id}/events${query({ before, code })}`),
  replay: (id, seat, code) => call("GET", `/api/matches/${id}/replay${query({ seat, code })}`),
  devLayouts: () => call("GET", "/api/dev/layouts"),
  exportUrl: (id, format, code) => `/api/matches/${id}/export${query({ format, code })}`,
};
