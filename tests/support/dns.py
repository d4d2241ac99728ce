"""A small DNS server on loopback (UDP) answering TXT questions from a table the test
fills: real packets, built and parsed by dnspython, for HOP_DNS_RESOLVER."""

from __future__ import annotations

import socket
import threading

import dns.message
import dns.rcode
import dns.rdataclass
import dns.rdatatype
import dns.rrset


class DnsServer:
    def __init__(self) -> None:
        self.txt: dict[str, list[str]] = {}  # name (lower case, no trailing dot) -> strings
        self.questions: list[str] = []
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._socket.bind(("127.0.0.1", 0))
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        host, port = self._socket.getsockname()
        return f"{host}:{port}"

    def _serve(self) -> None:
        while True:
            try:
                data, peer = self._socket.recvfrom(4096)
            except OSError:  # closed
                return
            query = dns.message.from_wire(data)
            response = dns.message.make_response(query)
            question = query.question[0]
            name = question.name.to_text().rstrip(".").lower()
            self.questions.append(name)
            strings = self.txt.get(name)
            if strings is None:
                response.set_rcode(dns.rcode.NXDOMAIN)
            elif question.rdtype == dns.rdatatype.TXT:
                response.answer.append(
                    dns.rrset.from_text_list(
                        question.name,
                        60,
                        dns.rdataclass.IN,
                        dns.rdatatype.TXT,
                        [f'"{value}"' for value in strings],
                    )
                )
            self._socket.sendto(response.to_wire(), peer)

    def close(self) -> None:
        self._socket.close()
