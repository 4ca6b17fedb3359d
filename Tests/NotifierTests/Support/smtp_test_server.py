#!/usr/bin/env python3
"""A real SMTP server on 127.0.0.1 for glwatch's email tests, on aiosmtpd (PyPI).

Prints its port on the first line of stdout, then serves until killed. Each accepted message is written to
--mailbox as NNNN.json: {"from", "to", "data", "tls", "mechanism"}. Faults on demand: 451 to the first N
RCPT commands, 550 to given recipients, a connection dropped in the middle of DATA the first N times, or every
RCPT answered only after a number of seconds (a server slower than the client's deadline).
"""
import argparse
import asyncio
import json
import os
import ssl

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

parser = argparse.ArgumentParser()
parser.add_argument("--mailbox", required=True)
parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--auth", help="user:password that AUTH must give")
parser.add_argument("--mechanisms", default="PLAIN,LOGIN")
parser.add_argument("--rcpt-4xx", type=int, default=0)
parser.add_argument("--rcpt-5xx", default="")
parser.add_argument("--drop-data", type=int, default=0)
parser.add_argument("--stall-rcpt", type=float, default=0)
args = parser.parse_args()

state = {"rcpt_4xx": args.rcpt_4xx, "drops": args.drop_data, "count": 0}


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if args.stall_rcpt > 0:
            await asyncio.sleep(args.stall_rcpt)
        if state["rcpt_4xx"] > 0:
            state["rcpt_4xx"] -= 1
            return "451 4.3.0 Try again later"
        if address in args.rcpt_5xx.split(","):
            return "550 5.1.1 No such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        state["count"] += 1
        record = {
            "from": envelope.mail_from,
            "to": envelope.rcpt_tos,
            "data": envelope.content.decode("utf-8", "replace"),
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "mechanism": getattr(session, "glwatch_mechanism", None),
        }
        path = os.path.join(args.mailbox, "%04d.json" % state["count"])
        with open(path + ".tmp", "w") as file:
            json.dump(record, file)
        os.rename(path + ".tmp", path)
        return "250 Message accepted for delivery"


class FaultySMTP(SMTP):
    async def smtp_DATA(self, arg):
        if state["drops"] > 0 and self.envelope is not None and self.envelope.rcpt_tos:
            state["drops"] -= 1
            await self.push("354 End data with <CR><LF>.<CR><LF>")
            await self._reader.readuntil(b"\r\n")  # the first line arrives, then the connection is gone
            self.transport.close()
            return
        await super().smtp_DATA(arg)


def authenticator(server, session, envelope, mechanism, auth_data):
    user, _, password = (args.auth or "").partition(":")
    ok = (
        isinstance(auth_data, LoginPassword)
        and auth_data.login.decode() == user
        and auth_data.password.decode() == password
    )
    if ok:
        session.glwatch_mechanism = mechanism
    return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd answers 535 itself


def context():
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(args.cert, args.key)
    return tls


async def main():
    options = {"hostname": "localhost"}
    if args.tls == "starttls":
        options.update(tls_context=context(), require_starttls=True)
    if args.auth:
        wanted = args.mechanisms.split(",")
        options.update(
            authenticator=authenticator,
            auth_required=True,
            auth_require_tls=args.tls == "starttls",
            auth_exclude_mechanism=[m for m in ("PLAIN", "LOGIN") if m not in wanted],
        )
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: FaultySMTP(Handler(), **options),
        "127.0.0.1",
        0,
        ssl=context() if args.tls == "implicit" else None,
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


asyncio.run(main())
