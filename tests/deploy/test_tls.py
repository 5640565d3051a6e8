"""nginx's TLS and its banner, as deploy/nginx.conf sets them: what a scanner of the host sees.

openssl s_client offers nginx what an old or a careless client would; the
server's certificate is RSA and allows RSA key exchange, so only nginx's
cipher list stands between a client and a session without forward secrecy.
"""

from __future__ import annotations

import subprocess

from tests.deploy.client import Site
from tests.deploy.topology import HOST, OPENSSL

#: Every TLS 1.2 cipher whose key exchange is not ephemeral (RSA, PSK, SRP, static DH): a key
#: stolen later would open a recorded session. The security level 0 lets the client offer them.
WITHOUT_FORWARD_SECRECY = "ALL:COMPLEMENTOFALL:!kECDHE:!kDHE:!kEDH:!kEECDH:@SECLEVEL=0"


def handshake(site: Site, *options: str) -> subprocess.CompletedProcess[str]:
    """One TLS handshake with nginx by openssl s_client, offering what ``options`` say."""
    return subprocess.run(
        [OPENSSL, "s_client", "-connect", f"127.0.0.1:{site.ports.https}", "-servername", HOST,
         "-CAfile", str(site.certificate.ca), "-verify_return_error", *options],
        input="", capture_output=True, text=True, timeout=30, check=False,
    )


def test_tls_1_3_is_offered_and_tls_1_2_speaks_only_with_forward_secrecy(site: Site) -> None:
    newest = handshake(site, "-tls1_3")
    assert newest.returncode == 0, newest.stderr
    assert "Protocol  : TLSv1.3" in newest.stdout or "New, TLSv1.3" in newest.stdout, newest.stdout

    ephemeral = handshake(site, "-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256")
    assert ephemeral.returncode == 0, ephemeral.stderr
    assert "ECDHE-RSA-AES128-GCM-SHA256" in ephemeral.stdout

    # The client offers them all at once: any one taken would complete the handshake.
    static = handshake(site, "-tls1_2", "-cipher", WITHOUT_FORWARD_SECRECY)
    assert static.returncode != 0, static.stdout
    assert "Cipher is (NONE)" in static.stdout or "handshake failure" in static.stderr, static.stderr

    older = handshake(site, "-tls1_1", "-cipher", "ALL:@SECLEVEL=0")
    assert older.returncode != 0, older.stdout


def test_no_answer_names_nginx_s_version(site: Site) -> None:
    for answer in (site.request("GET", "/new"), site.request("GET", "/x", secure=False),
                   site.request("GET", "/new", headers={"Host": "evil.example"})):
        assert answer.header("Server") == "nginx", answer.headers
        assert "nginx/" not in answer.text
