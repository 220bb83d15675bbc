// The REST API of `spieltisch serve` (docs/web.md): JSON in, JSON out, clear errors.

import { beforePunctuation, labelled } from "./i18n.js";

export class ApiError extends Error {
  // `retryAfter`: the seconds the server said to wait before asking again (Retry-After), else null.
  constructor(status, message, retryAfter = null) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

function retryAfter(response) {
  const seconds = Number(response.headers.get("retry-after"));
  return response.headers.has("retry-after") && Number.isFinite(seconds) ? seconds : null;
}

function detail(data) {
  if (!data) return "";
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) {
    const problems = data.detail.map((item) => labelled((item.loc || []).slice(1).join("."), item.msg));
    return problems.join(`${beforePunctuation()}; `);
  }
  return "";
}

export async function api(method, path, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, detail(data) || response.statusText, retryAfter(response));
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

// Upload a record (any spieltisch-record/1) to view it; returns its id for the replay page.
export async function uploadRecord(record) {
  const answer = await post("/api/records", record);
  return answer.id;
}

let me = null;

// Who this browser is signed in as (null: nobody yet); asked without an error status.
export async function whoAmI() {
  const answer = await get("/api/session");
  me = answer.account;
  return me;
}

export function currentAccount() {
  return me;
}

export async function playAsGuest(name) {
  me = await post("/api/session/guest", { name });
  return me;
}

export async function signIn(username, password) {
  me = await post("/api/session/signin", { username, password });
  return me;
}

export async function signOut() {
  await post("/api/session/signout");
  me = null;
}
