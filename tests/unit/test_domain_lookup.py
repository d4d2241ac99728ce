"""The TXT lookup of domain verification, for names no DNS query can be sent about."""

from __future__ import annotations

import asyncio

from admin.domains.txt import TxtLookup


def test_a_name_longer_than_dns_allows_holds_no_record() -> None:
    # dnspython refuses such a name before sending anything (the resolver address is the
    # discard port, never reached): no record can exist there, which is an answer, not a
    # server error.
    name = "_hop-challenge." + ".".join(["a" * 63] * 3 + ["b" * 60])
    assert len(name) > 253
    assert asyncio.run(TxtLookup("127.0.0.1:9").texts(name)) == []
