// The service worker: the pages of the lists and groups this phone opened, and
// the help pages it opened, load without a network. Pages go to the network
// first (their totals change) and fall back to the copy kept at the last visit;
// fingerprinted assets never change under their address, so the kept copy is
// served first. Nothing else is touched: the API, the edit key and every POST
// always go to the server.
"use strict";

const CACHE = "scorer-pages-1";
// The home page, a list, a list's form for a new deal and its two settings pages (the
// players, the house rules: a change made there offline waits on the phone, settings.js),
// a group's season, and the help: its index, the glossary, the complete reference, a family's page.
const PAGE = /^\/(l\/[^/]+(\/deals\/new|\/settings(\/rules)?)?|g\/[^/]+|help(\/[^/]+)?)?$/;
const HELP = /^\/help(\/[^/]+)?$/;
// The language switch (/lang/de?next=...): the session's language changes.
const LANGUAGE = /^\/lang\/[^/]+$/;
// How long a page waits for the network before the kept copy is shown.
const PATIENCE = 4000;

// A page asked for here on the worker's own (to keep it), not for a page the
// phone shows: the server leaves the messages waiting for the next page alone
// (scorer/web/undo.py), so "Deal 2 undone." and its Restore button reach the page.
function quietly(href) {
  return fetch(href, { headers: { "X-Scorer-Background": "1" } });
}

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
  }).then(function () { return self.clients.claim(); }));
});

function isPage(url) {
  return url.origin === self.location.origin && PAGE.test(url.pathname) && !url.search;
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/") && url.searchParams.has("v")) {
    event.respondWith(asset(request));
  } else if (isPage(url)) {
    let kept;
    event.waitUntil(new Promise((resolve) => { kept = resolve; }));
    event.respondWith(page(request, url, kept));
  } else if (LANGUAGE.test(url.pathname)) {
    let done;
    event.waitUntil(new Promise((resolve) => { done = resolve; }));
    event.respondWith(fetch(request).then(function (response) {
      done(speak().catch(() => null));
      return response;
    }, function (error) {
      done();
      throw error;
    }));
  }
});

// A language was chosen (the server has it once the switch answers): the help pages
// kept are fetched again, now in it, since the next time the table reads them may be
// in the cellar. A list's page is kept anew in it at its next visit.
async function speak() {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (HELP.test(url.pathname)) await quietly(url.href).then((r) => keep(url, r)).catch(() => null);
  }
}

// A page opened before this worker took over asks to be kept.
self.addEventListener("message", function (event) {
  const url = event.data && event.data.keep && new URL(event.data.keep, self.location.origin);
  if (url && isPage(url)) event.waitUntil(quietly(url.href).then((r) => keep(url, r)).catch(() => null));
});

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // A page kept long ago names an older fingerprint: the newer copy serves.
    const newer = await cache.match(request, { ignoreSearch: true });
    if (newer) return newer;
    throw error;
  }
}

// The network's answer if it comes in time, else the kept copy; `kept` hears
// when the fresh copy is stored.
function page(request, url, stored) {
  return new Promise(function (resolve, reject) {
    let done = false;
    const answer = function (response) {
      if (!done && response) { done = true; resolve(response); }
      return response;
    };
    const kept = () => caches.open(CACHE).then((cache) => cache.match(url.href)).then(marked);
    const timer = setTimeout(() => kept().then(answer), PATIENCE);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      answer(response);
      stored(keep(url, response.clone()).catch(() => null));
    }, function (error) {
      clearTimeout(timer);
      stored();
      kept().then(function (response) {
        if (!answer(response) && !done) { done = true; reject(error); }
      });
    });
  });
}

// The kept copy says so on its <html> (data-kept): a page that posts to the server
// (settings.js) knows it was opened without a network, whatever navigator.onLine says.
async function marked(response) {
  if (!response) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length"); // the body is longer now, and no longer compressed
  headers.delete("Content-Encoding");
  return new Response(html.replace(/<html\b/i, "<html data-kept"), {
    status: response.status, statusText: response.statusText, headers: headers,
  });
}

// Keep a page, the assets it names, and (for a list) its new-deal form and its
// settings pages, so that an evening can start without reception. Only the pages the
// list links to are kept: a phone without the edit link sees neither link (and the
// server refuses it both pages). The two settings pages link to each other: `seen`
// holds the pages kept on this round, so each is kept once. An asset's older
// fingerprints go once the new one is kept.
// A page sent `no-store` (a list's page that asks, once, to keep its edit link, or a
// group's page showing its editor the edit link: both carry the key) is not kept as it
// is: the page is asked for again, quietly, and that copy is kept. It has no key: the
// list's prompt shows only once, and a group's page asked for quietly leaves its edit
// link out. A key kept in the cache would outlive the phone's cleared cookies.
// Nor is a page showing a message ("Deal 2 undone." and its Restore button): the
// copy asked for quietly has none, and offline shows no button that needs the server.
async function keep(url, response, again = true, seen = new Set()) {
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const noStore = /no-store/.test(response.headers.get("Cache-Control") || "");
  const html = noStore ? "" : await response.clone().text();
  if (noStore || (again && html.includes('class="flash flash-'))) {
    if (again) await quietly(url.href).then((r) => keep(url, r, false, seen)).catch(() => null);
    return;
  }
  const cache = await caches.open(CACHE);
  await cache.put(url.href, response);
  seen.add(url.pathname);
  const names = new Set();
  const pattern = /(?:href|src)="(\/static\/[^"]+\?v=[^"]+|\/l\/[^"/]+\/(?:deals\/new|settings(?:\/rules)?))"/g;
  for (const match of html.matchAll(pattern)) names.add(match[1].replace(/&amp;/g, "&"));
  for (const name of names) {
    const wanted = new URL(name, self.location.origin);
    if (!wanted.pathname.startsWith("/static/")) {
      if (!seen.has(wanted.pathname)) {
        seen.add(wanted.pathname);
        await quietly(wanted.href).then((r) => keep(wanted, r, true, seen)).catch(() => null);
      }
      continue;
    }
    if (await cache.match(wanted.href)) continue;
    try {
      const fresh = await fetch(wanted.href);
      if (!fresh.ok) continue;
      await cache.put(wanted.href, fresh);
    } catch (error) {
      continue; // kept at the next visit
    }
    for (const old of await cache.keys()) {
      const was = new URL(old.url);
      if (was.pathname === wanted.pathname && was.href !== wanted.href) await cache.delete(old);
    }
  }
}
