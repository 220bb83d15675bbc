"""Which network addresses count as one client for limits: an IPv6 /64 is one.

An IPv6 home or host is handed a whole /64 (2^64 addresses), so per-address limits that
took each IPv6 address on its own did not limit anybody: 130 guests and tables from one
/64 were all accepted. Every limit by address (rate buckets, open tables, the lobby's
grouping, connections, the password queue) goes by this group instead. An IPv4 address
is its own group; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is the IPv4 one.
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64


def address_group(host: str | None) -> str | None:
    """The group `host` belongs to: itself for IPv4, its /64 for IPv6 (a name that is
    no address, as a test client's, stays as it is)."""
    if host is None:
        return None
    try:
        found = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, IPV6_PREFIX), strict=False))
    return str(found)
