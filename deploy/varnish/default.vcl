vcl 4.1;
#
# Varnish in front of the store's instances (Debian bookworm's varnish 7.1 with varnish-modules for xkey).
#
# What it keeps is what the store says it may: a reply with `Surrogate-Control: max-age=N` is kept N seconds
# under the tags of its `xkey` header; anything else (no max-age, `Surrogate-Control: no-store`, `Set-Cookie`,
# `Cache-Control: private` or `no-store`) goes to the browser and is not kept. After a write
# commits, the instance that wrote sends `PURGE /` with `xkey: <tags>` here, and every copy carrying one of
# those tags is dropped before the write's reply leaves the store.
#
# Pointing it at the instances: the block between the BACKENDS lines names one instance on 127.0.0.1:4321. For
# several, replace it with one backend per instance and a director that spreads requests over them, e.g.
#
#   import directors;
#   probe store_health { .url = "/api/health"; .interval = 5s; .timeout = 2s; .window = 5; .threshold = 3; }
#   backend instance1 { .host = "10.0.0.11"; .port = "4321"; .probe = store_health; }
#   backend instance2 { .host = "10.0.0.12"; .port = "4321"; .probe = store_health; }
#   sub vcl_init { new instances = directors.round_robin(); instances.add_backend(instance1); instances.add_backend(instance2); }
#   sub vcl_recv { set req.backend_hint = instances.backend(); }
#
# (VCL runs same-named subroutines one after the other, so this vcl_recv picks the instance before the one
# below decides what to do with the request.) The tests write exactly this block (tests/support/varnish.ts).
# Each instance's EDGE_PURGE_URLS names this Varnish (e.g. http://10.0.0.5:80), and its address must be in the
# `purgers` ACL below.
#
# A purge also needs the secret the instances send in `X-Purge-Secret`: varnishd's own environment names it as
# EDGE_PURGE_SECRET, the same value as the instances' (e.g. `Environment=EDGE_PURGE_SECRET=...` in its systemd
# service). Unset, every purge is refused. The address alone is not enough: a TLS terminator or proxy on this
# machine (hitch, nginx) connects from 127.0.0.1 for every shopper.

import cookie;
import std;
import xkey;

# BACKENDS BEGIN
backend default { .host = "127.0.0.1"; .port = "4321"; }
# BACKENDS END

# Who may purge: the instances. Only localhost by default (an instance on the same machine); add the
# instances' addresses or their private network (e.g. "10.0.0.0"/24). Anyone else gets 403, so a stranger
# cannot empty the cache and send every shopper to the instances at once.
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    # Varnish has already added the connecting address to X-Forwarded-For: anything more was written before it,
    # by a proxy in front (which must add the header: deploy/README.md) or by the client itself. The instances
    # send their purges straight here, so a purge that came through the front door is never theirs.
    if (client.ip !~ purgers || req.http.X-Forwarded-For != "" + client.ip) {
      return (synth(403, "Forbidden"));
    }
    if (std.getenv("EDGE_PURGE_SECRET") == "" || req.http.X-Purge-Secret != std.getenv("EDGE_PURGE_SECRET")) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey) {
      return (synth(400, "PURGE needs an xkey header naming the tags"));
    }
    return (synth(200, "Purged " + xkey.purge(req.http.xkey)));
  }

  # What the store does with a request on the way in is its business alone.
  unset req.http.X-Purge-Secret;
  unset req.http.X-Cache;
  unset req.http.X-Edge-Accept-Encoding;

  # The store compresses itself, with brotli or gzip: keep one copy per coding a browser can take, not one per
  # way of spelling Accept-Encoding. A coding refused with q=0 does not count.
  set req.http.X-Edge-Accept-Encoding = "identity";
  if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q=(1(\.0*)?|0?\.0*[1-9]\d*)\s*)?(,|$)") {
    set req.http.X-Edge-Accept-Encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*(x-)?gzip\s*(;\s*q=(1(\.0*)?|0?\.0*[1-9]\d*)\s*)?(,|$)") {
    set req.http.X-Edge-Accept-Encoding = "gzip";
  }
  # Varnish's own gzip support would ask the instances for gzip only: the coding chosen here goes to them.
  set req.http.Accept-Encoding = req.http.X-Edge-Accept-Encoding;

  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Built files and pictures are the same for everyone (the store says so with `Cache-Control: public, max-age`):
  # a shopper's cookies do not keep them from the edge.
  if (req.url ~ "^/(_astro|img|storage)/") {
    unset req.http.Cookie;
  }
  # Someone logged in (the session cookie the store's pages read, or the API's bearer token), or a guest whose
  # searches the store remembers (its cookie on the API, or the id other clients send): their replies are theirs.
  if (req.http.Authorization || req.http.X-Session-ID || req.url ~ "[?&]session_id=" ||
      req.http.Cookie ~ "(^|;)\s*duuka_session=[^;\s]" ||
      (req.url ~ "^/api/" && req.http.Cookie ~ "(^|;)\s*duuka_guest=")) {
    return (pass);
  }

  # Data-saver mode: the phone's `Save-Data: on` (the store sends `Vary: Save-Data`) ...
  if (req.http.Save-Data ~ "(?i)^\s*on\s*([;,]|$)") {
    set req.http.Save-Data = "on";
  } else {
    unset req.http.Save-Data;
  }
  # ... or the footer's switch, and the language chosen with the other switch (a shopper who chose Luganda is
  # sent from an English page to its Luganda one, a redirect no cache keeps): the only cookies a page the edge
  # may keep depends on. Pages say `Vary: Cookie`, so the cookie header is cut down to those two, and one copy
  # serves everyone with the same two.
  if (req.http.Cookie) {
    cookie.parse(req.http.Cookie);
    cookie.keep("data_saver,lang");
    set req.http.Cookie = cookie.get_string();
    if (req.http.Cookie == "") {
      unset req.http.Cookie;
    }
  }
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  hash_data(req.http.X-Edge-Accept-Encoding);
  return (lookup);
}

sub vcl_backend_fetch {
  if (bereq.http.X-Edge-Accept-Encoding == "identity") {
    unset bereq.http.Accept-Encoding;
  } else {
    set bereq.http.Accept-Encoding = bereq.http.X-Edge-Accept-Encoding;
  }
  unset bereq.http.X-Edge-Accept-Encoding;
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    return (deliver);
  }
  if (beresp.http.Set-Cookie ||
      beresp.http.Surrogate-Control ~ "(?i)no-store" ||
      beresp.http.Cache-Control ~ "(?i)\b(private|no-store)\b" ||
      beresp.http.Vary ~ "(?i)(^|,)\s*(\*|authorization)\s*(,|$)") {
    call not_kept;
  }
  if (beresp.http.Surrogate-Control ~ "(?i)(^|[,\s])max-age=[0-9]+") {
    # A page or API reply: kept as long as the store says (EDGE_CACHE_SECONDS), dropped sooner by a purge.
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^(.*[,\s])?max-age=([0-9]+).*$", "\2") + "s", 0s);
  } elsif (beresp.http.Surrogate-Control ||
           beresp.http.Cache-Control !~ "(?i)\bpublic\b" ||
           beresp.http.Cache-Control ~ "(?i)no-cache" ||
           beresp.ttl <= 0s) {
    call not_kept;
  }
  # Otherwise a file every shared cache may keep (`public, max-age`: built files, pictures): beresp.ttl is that
  # max-age (or s-maxage), as Varnish read it.

  # A purged or expired copy is never served while the new one is fetched: a shopper never sees old stock.
  set beresp.grace = 0s;
  return (deliver);
}

# The next request for it goes straight to an instance (for two minutes, then Varnish looks at the reply again).
sub not_kept {
  set beresp.uncacheable = true;
  set beresp.ttl = 120s;
  return (deliver);
}

sub vcl_deliver {
  if (obj.uncacheable) {
    set resp.http.X-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # For the edge only: the browser keeps the store's `Cache-Control: public, no-cache` and the ETag.
  unset resp.http.Surrogate-Control;
  unset resp.http.xkey;
  unset resp.http.Cache-Tag;
}
