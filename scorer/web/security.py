"""The security headers every answer carries."""

from __future__ import annotations

from flask import Response, request

#: No inline script or style, nothing from another host, never in a frame.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Edit links carry the edit key in the query: another site gets no Referer
    # at all, while the site's own form posts carry theirs, which Flask-WTF's
    # CSRF check asks of every request over https (WTF_CSRF_SSL_STRICT).
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}

#: Over https, a browser keeps to https for a year: no first request in plain text.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


def secure_headers(response: Response) -> Response:
    """Add the security headers an answer does not set itself; HSTS only over https."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    return response
