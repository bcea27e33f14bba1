"""O livro de cada certame guardado no banco (`certames.EstadoDoCertame`): um ato retoma o livro
do ato anterior e aplica só o que é novo, em vez de reencenar o certame desde o edital a cada
pedido (issue "atos são fatos"). Todo processo lê o mesmo estado, do banco.

O estado é a conta dos fatos, não um fato: só é retomado se confere com eles.
- A `chave` resume o que o livro pressupõe: a versão do motor e das leis, a marca dos candidatos
  (`candidatos.versao`, renovada pelos gatilhos do banco a cada mudança), as regras e os
  parâmetros do certame, os cargos com as vagas do edital, a validade, a abertura das vagas e
  quem saiu antes dela. Mudou qualquer um: reencena.
- Os eventos aplicados, na ordem do livro, são o começo dos eventos de hoje (um ato novo com
  data anterior, ou um ato tornado sem efeito, muda o começo: reencena).
- Os atos publicados de hoje são os do livro (`cotas.motor.estado.reconhecer_publicadas`).
- O selo (HMAC com a chave secreta da instalação, que o banco não guarda) confere: quem só tem o
  banco não faz a aplicação retomar um estado forjado.
Dentro de um ato, o estado novo é gravado na transação do ato: desfeito o ato, desfaz-se o estado.
Quem confere o registro de auditoria reencena sempre, do banco (`ponte.reencenar(do_banco=True)`).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from django.db import DatabaseError, transaction
from django.utils.crypto import salted_hmac

import cotas
from cotas.motor import estado as livro
from cotas.motor.certame import Certame as CertameMotor
from cotas.motor.certame import Evento
from cotas.motor.erros import ErroCotas
from cotas.motor.eventos import ordenar_no_dia

_SAL = "cotas_web.estado"


@functools.lru_cache(maxsize=1)
def versao_do_motor() -> str:
    """O resumo do código do motor e dos dados das leis: outro motor, outro livro."""
    resumo = hashlib.sha256()
    pacote = Path(next(iter(cotas.__path__)))
    for raiz in (pacote / "motor", pacote / "leis"):
        for arquivo in sorted(p for p in raiz.rglob("*") if p.suffix in {".py", ".toml"}):
            resumo.update(str(arquivo.relative_to(raiz)).encode())
            resumo.update(arquivo.read_bytes())
    return resumo.hexdigest()


def resumo(valor: object) -> str:
    """O resumo de um valor do motor pela sua representação (dataclasses congeladas, datas,
    textos: a mesma em qualquer processo)."""
    return hashlib.sha256(repr(valor).encode()).hexdigest()


def _selo(chave: str, eventos: Sequence[str], estado: bytes) -> str:
    conteudo = json.dumps([chave, list(eventos), hashlib.sha256(estado).hexdigest()])
    return salted_hmac(_SAL, conteudo, algorithm="sha256").hexdigest()


def retomar_ou_reencenar(
    certame: Any,
    *,
    chave: str,
    eventos: list[Evento],
    abertura: Any,
    novo: Callable[[], CertameMotor],
    retomar: Callable[[bytes], CertameMotor],
) -> CertameMotor:
    """O livro do certame depois de `eventos`: retomado do estado guardado e acrescido do que é
    novo, ou, se o estado não confere, reencenado desde a `abertura` (`novo()` dá o certame sem
    eventos; `retomar(bytes)`, o certame com o livro guardado). Grava o estado novo. Levanta o
    `ErroCotas` do evento que a lei recusa, como a reencenação."""
    from cotas_web.certames.models import EstadoDoCertame

    eventos = ordenar_no_dia(eventos)
    resumos = [resumo(e) for e in eventos]
    guardado = EstadoDoCertame.objects.filter(certame=certame).first()
    motor = _retomado(guardado, chave, resumos, retomar)
    if motor is not None:
        assert guardado is not None
        novos = eventos[len(guardado.eventos) :]
        if not novos:
            return motor
        motor.prever(novos)
        for evento in novos:
            try:
                motor.aplicar(evento)
            except ErroCotas as erro:
                erro.evento = evento
                raise
    else:
        motor = novo().apurar(eventos, abertura=abertura)
    _guardar(certame, chave, resumos, motor)
    return motor


def _retomado(
    guardado: Any, chave: str, resumos: list[str], retomar: Callable[[bytes], CertameMotor]
) -> CertameMotor | None:
    if guardado is None or guardado.chave != chave:
        return None
    aplicados = list(guardado.eventos)
    if resumos[: len(aplicados)] != aplicados:
        return None
    dados = bytes(guardado.estado)
    if not hmac.compare_digest(guardado.selo, _selo(chave, aplicados, dados)):
        return None
    try:
        motor = retomar(dados)
    except livro.EstadoIncompativel:
        return None
    return motor if livro.reconhecer_publicadas(motor) else None


def _guardar(certame: Any, chave: str, resumos: list[str], motor: CertameMotor) -> None:
    """Grava o estado; uma falha ao gravar nunca falha o pedido (o próximo reencena)."""
    from cotas_web.certames.models import EstadoDoCertame

    dados = livro.guardar(motor)
    try:
        with transaction.atomic():  # (um ponto de salvamento dentro de um ato)
            EstadoDoCertame.objects.update_or_create(
                certame=certame,
                defaults={
                    "chave": chave,
                    "eventos": resumos,
                    "estado": dados,
                    "selo": _selo(chave, resumos, dados),
                },
            )
    except DatabaseError:
        pass
