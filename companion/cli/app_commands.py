"""`shinpan serve`: the app's web build, offline, on this machine unless --host says otherwise (then a
club server: its database and a PIN, docs/club.md)."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.output import CliError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve the app's web build (offline) and print its address",
        description="Serve the app's web build, offline, and print the address to open in a browser.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only; "
                             "0.0.0.0 lets phones on the same network connect)")
    parser.add_argument("--port", type=int, default=8550, help="TCP port (default 8550)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="also accept pages from this exact origin, scheme://host[:port] (for example a "
                             "TLS reverse proxy's https://club.example.org); repeatable")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also answer requests addressed to this host name (the name phones or a reverse "
                             "proxy use); repeatable")
    parser.add_argument("--database", metavar="URL",
                        help="the match database (default: $SHINPAN_DATABASE_URL, else the data folder's file); "
                             "postgresql://USER:PASSWORD@HOST/DB for a club server with several processes")
    parser.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port} is not a TCP port; give a number from 1 to 65535")
    if not args.host.strip():
        raise CliError("--host is empty; give an address such as 127.0.0.1 or 0.0.0.0")
    from companion.app.launch import PortUnavailable, serve
    from companion.app.server.club_setup import NoDatabase
    from companion.app.server.edge import BadEdgeOption

    try:
        return serve(args.host, args.port, allow_hosts=tuple(args.allow_host),
                     allow_origins=tuple(args.allow_origin), database=args.database)
    except (PortUnavailable, BadEdgeOption, NoDatabase) as error:
        raise CliError(str(error)) from None
