"""O livro de cada certame guardado no banco (`certames.EstadoDoCertame`): um ato retoma o livro
do ato anterior e aplica só o que é novo, em vez de reencenar o certame desde o edital a cada
pedido (issue "atos são fatos"). Todo processo lê o mesmo estado, do banco.

O estado é a conta dos fatos, não um fato: só é retomado se confere com eles.
- A `chave` resume o que o livro pressupõe além dos candidatos: a versão do motor e das leis, as
  regras e os parâmetros do certame, os cargos com as vagas do edital, a validade, a abertura
  das vagas e quem saiu antes dela. Mudou qualquer um: reencena.
- Os candidatos, cargo a cargo: o livro de cada cargo guarda a marca dos candidatos dele
  (`candidatos.VersaoDoCargo`, renovada pelos gatilhos do banco a cada mudança). O cargo cuja
  marca mudou (uma correção depois da homologação) é reapurado desde a abertura com os eventos
  dele (`Certame.reapurar`); os outros seguem do livro guardado.
- Os eventos aplicados, cada um com o seu cargo, estão todos entre os de hoje, e os novos vêm,
  na ordem do livro, depois dos já aplicados do mesmo cargo e em data não anterior à do último
  aplicado: os cargos não dependem uns dos outros, então a saída de um cargo registrada depois
  das novas vagas de outro, no mesmo dia, se aplica sem reencenar (`_novos`). Um ato novo com
  data anterior, ou um ato tornado sem efeito, reencena.
- Os atos publicados de hoje são os do livro (`cotas.motor.estado.reconhecer_publicadas`).
- O selo (HMAC com a chave secreta da instalação, que o banco não guarda) confere: quem só tem o
  banco não faz a aplicação retomar um estado forjado.
Dentro de um ato, o estado novo é gravado na transação do ato: desfeito o ato, desfaz-se o estado.
Quem confere o registro de auditoria reencena sempre, do banco
(`reencenacao.reencenar(do_banco=True)`).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import weakref
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError, transaction
from django.utils.crypto import salted_hmac

import cotas
from cotas.motor import estado as livro
from cotas.motor.certame import Certame as CertameMotor
from cotas.motor.certame import Evento
from cotas.motor.erros import ErroCotas
from cotas.motor.eventos import ordenar_no_dia

if TYPE_CHECKING:
    from cotas_web.certames.models import Certame, EstadoDoCertame

_SAL = "cotas_web.estado"  # (o nome de antes do módulo: outro sal invalidaria os selos guardados)


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


def _selo(chave: str, eventos: Sequence[Any], livro: bytes, cargos: dict[str, Any]) -> str:
    conteudo = json.dumps(
        [chave, list(eventos), hashlib.sha256(livro).hexdigest(), cargos], sort_keys=True
    )
    return salted_hmac(_SAL, conteudo, algorithm="sha256").hexdigest()


_SEM_ATOS = resumo([])  # (o resumo das publicadas de um cargo sem nenhuma)


def retomar_ou_reencenar(
    certame: Certame,
    *,
    chave: str,
    eventos: list[Evento],
    abertura: date,
    comum: str = "",
    marcas: dict[str, str],
    publicadas: dict[str, str],
    novo: Callable[[], CertameMotor],
    retomar: Callable[[bytes, Callable[[str], bytes]], CertameMotor],
) -> CertameMotor:
    """O livro do certame depois de `eventos`: retomado do estado guardado e acrescido do que é
    novo, ou, se o estado não confere, reencenado desde a `abertura` (`novo()` dá o certame sem
    eventos; `retomar(livro, carregar)`, o certame com o livro guardado). `publicadas`: o resumo
    das nomeações publicadas de cada cargo (`publicadas.resumos_das_publicadas`); `marcas`: a marca
    dos candidatos de cada cargo; `comum`: o resumo do que a chave pressupõe
    (`bases_dos_cargos`). Grava o estado novo.
    Levanta o `ErroCotas` do evento que a lei recusa, como a reencenação."""
    from cotas_web.certames.models import EstadoDoCertame

    eventos = ordenar_no_dia(eventos)
    resumos = [resumo(e) for e in eventos]
    guardado = EstadoDoCertame.objects.filter(certame=certame).first()
    retomado = _retomado(certame, guardado, chave, marcas, publicadas, retomar)
    motor, novos = None, None
    if retomado is not None:
        assert guardado is not None
        motor, reapurar = retomado
        aplicados = [(str(r), str(c)) for r, c in guardado.eventos]
        if reapurar:
            aplicados = _reapurar(motor, reapurar, eventos, resumos, aplicados, abertura)
        achados = _novos(motor, eventos, resumos, aplicados)
        if achados is not None:
            novos, fora_de_ordem = achados
            if fora_de_ordem:
                aplicados = _reapurar(motor, fora_de_ordem, eventos, resumos, aplicados, abertura)
    if motor is None or novos is None:
        motor = novo().apurar(eventos, abertura=abertura)
        aplicados = [(r, _cargo(motor, e)) for r, e in zip(resumos, eventos, strict=True)]
        mapa = _guardar(certame, chave, aplicados, motor, marcas, publicadas, None)
        _anotar(motor, chave, comum, mapa)
        return motor
    assert guardado is not None
    if novos:
        motor.prever([e for _, e in novos])
    for _, evento in novos:
        try:
            motor.aplicar(evento)
        except ErroCotas as erro:
            erro.evento = evento
            raise
    mapa = dict(guardado.cargos)
    if novos or livro.carregados(motor):
        aplicados += [(r, _cargo(motor, e)) for r, e in novos]
        mapa = _guardar(certame, chave, aplicados, motor, marcas, publicadas, mapa)
    _anotar(motor, chave, comum, mapa)
    return motor


def _reapurar(
    motor: CertameMotor,
    cargos: list[str],
    eventos: list[Evento],
    resumos: list[str],
    aplicados: list[tuple[str, str]],
    abertura: date,
) -> list[tuple[str, str]]:
    """Reapura os `cargos` (os candidatos deles mudaram) com os eventos de hoje de cada um e
    devolve os aplicados: os guardados dos outros cargos e todos os de hoje destes."""
    do_cargo: dict[str, list[tuple[str, Evento]]] = {c: [] for c in cargos}
    # O cargo de cada evento já aplicado vem do estado guardado: achar a inscrição de cada um
    # num quadro de um milhão montaria o índice inteiro dele (~1 s).
    conhecidos = dict(aplicados)
    for r, e in zip(resumos, eventos, strict=True):
        cargo = conhecidos.get(r) or _cargo(motor, e)
        if cargo in do_cargo:
            do_cargo[cargo].append((r, e))
    for cargo, seus in do_cargo.items():
        motor.reapurar(cargo, [e for _, e in seus], abertura)
    return [a for a in aplicados if a[1] not in do_cargo] + [
        (r, cargo) for cargo, seus in do_cargo.items() for r, _ in seus
    ]


# O cargo de um evento que não se sabe a que cargo toca: pede que venha depois de todos.
_TODOS = "*"


def _cargo(motor: CertameMotor, evento: Evento) -> str:
    """O cargo em que o evento age (as novas vagas dizem; as saídas, pela inscrição)."""
    if evento.cargo is not None:
        return evento.cargo
    if evento.inscricao is None:
        return _TODOS
    try:
        return motor.cargo_da_inscricao(evento.inscricao)
    except ErroCotas:
        return _TODOS


def _novos(
    motor: CertameMotor,
    eventos: list[Evento],
    resumos: list[str],
    aplicados: list[tuple[str, str]],
) -> tuple[list[tuple[str, Evento]], list[str]] | None:
    """Os eventos de hoje ainda não aplicados no livro guardado, na ordem do livro, e os cargos
    a reapurar: o de um aplicado que não está mais entre os de hoje (tornado sem efeito) e o de
    um novo que viria, no seu cargo, antes de um já aplicado, ou em data anterior à do último
    aplicado (o livro recusa datas fora de ordem); os novos desses cargos ficam de fora (a
    reapuração os aplica). None: um evento sem cargo conhecido; reencene. O caso comum, os
    aplicados como começo dos de hoje, sem olhar cargos."""
    n = len(aplicados)
    if resumos[:n] == [r for r, _ in aplicados]:
        return list(zip(resumos[n:], eventos[n:], strict=True)), []
    faltam = Counter(r for r, _ in aplicados)
    cargo_do_aplicado = dict(aplicados)
    ultimo_no_cargo: dict[str, int] = {}
    ultima_data = None
    novos: list[tuple[int, str, Evento]] = []
    for i, (r, e) in enumerate(zip(resumos, eventos, strict=True)):
        if faltam[r] > 0:
            faltam[r] -= 1
            ultimo_no_cargo[cargo_do_aplicado[r]] = i
            ultima_data = e.data if ultima_data is None else max(ultima_data, e.data)
        else:
            novos.append((i, r, e))
    reapurar = {cargo_do_aplicado[r] for r in +faltam}  # (aplicados que saíram dos fatos)
    ultimo_de_todos = max(ultimo_no_cargo.values(), default=-1)
    cargos: list[str] = []
    for i, _, e in novos:
        cargo = _cargo(motor, e)
        cargos.append(cargo)
        antes = (
            ultimo_de_todos
            if cargo == _TODOS
            else max(ultimo_no_cargo.get(cargo, -1), ultimo_no_cargo.get(_TODOS, -1))
        )
        if i < antes or (ultima_data is not None and e.data < ultima_data):
            reapurar.add(cargo)
    if _TODOS in reapurar:
        return None
    seguem = [(r, e) for (_, r, e), c in zip(novos, cargos, strict=True) if c not in reapurar]
    return seguem, sorted(reapurar)


@dataclass(frozen=True)
class Bases:
    """Em que se baseia um livro dado por `retomar_ou_reencenar`: a `chave` do certame, o
    `comum` (o resumo do que ela pressupõe) e, de cada cargo, [o resumo do livro dele, o das
    nomeações publicadas dele, a marca dos candidatos dele], os mesmos do estado guardado."""

    chave: str
    comum: str
    cargos: dict[str, list[str]]


# De cada livro dado por `retomar_ou_reencenar` (pelo `id`, enquanto ele vive), as bases dele.
_BASES: dict[int, Bases] = {}


def _anotar(motor: CertameMotor, chave: str, comum: str, mapa: dict[str, list[str]]) -> None:
    _BASES[id(motor)] = Bases(chave, comum, {cargo: list(par) for cargo, par in mapa.items()})
    weakref.finalize(motor, _BASES.pop, id(motor), None)


def bases_dos_cargos(motor: CertameMotor) -> Bases | None:
    """Em que se baseia o livro dado por `retomar_ou_reencenar` (`Bases`). Um cargo do livro que
    ainda não estava na memória é lido, quando pedido, do livro com o resumo dado (`_retomado`
    confere): o resumo vale para o que o motor mostra dele. None: o motor não veio daqui
    (reencenado sem o estado guardado)."""
    return _BASES.get(id(motor))


def _retomado(
    certame: Certame,
    guardado: EstadoDoCertame | None,
    chave: str,
    marcas: dict[str, str],
    publicadas: dict[str, str],
    retomar: Callable[[bytes, Callable[[str], bytes]], CertameMotor],
) -> tuple[CertameMotor, list[str]] | None:
    """O livro guardado, se o selo e a chave conferem (None: reencene), e os cargos a reapurar:
    os de marca dos candidatos diferente da guardada (todos: reencene); os eventos, `_novos`."""
    from cotas_web.certames.models import EstadoDoCargo

    if guardado is None or guardado.chave != chave:
        return None
    aplicados = list(guardado.eventos)
    dados = bytes(guardado.livro)
    mapa: dict[str, list[str]] = dict(guardado.cargos)
    if not hmac.compare_digest(guardado.selo, _selo(chave, aplicados, dados, mapa)):
        return None
    reapurar = sorted(cargo for cargo in marcas if mapa.get(cargo, [])[2:3] != [marcas[cargo]])
    if len(reapurar) == len(marcas):
        return None

    def carregar(cargo: str) -> bytes:
        linha = EstadoDoCargo.objects.filter(certame=certame, cargo=cargo).first()
        do_cargo = b"" if linha is None else bytes(linha.estado)
        if cargo not in mapa or hashlib.sha256(do_cargo).hexdigest() != mapa[cargo][0]:
            raise livro.EstadoIncompativel(f"o livro guardado do cargo {cargo} não confere")
        return do_cargo

    try:
        motor = retomar(dados, carregar)
        # Os cargos com atos publicados depois de guardado o estado: lidos já, para que o que
        # não confere seja reapurado aqui, e não falhe no meio de uma leitura. (Os a reapurar
        # pelos candidatos, não: o livro deles é refeito.)
        mudaram = [
            cargo
            for cargo in set(mapa) | set(publicadas)
            if publicadas.get(cargo, _SEM_ATOS) != mapa.get(cargo, ["", _SEM_ATOS])[1]
            and cargo not in reapurar
        ]
    except livro.EstadoIncompativel:
        return None
    for cargo in sorted(c for c in mudaram if c in marcas):
        try:
            livro.carregar_cargos(motor, [cargo])
        except livro.EstadoIncompativel:
            reapurar.append(cargo)  # (um ato publicado tornado sem efeito: o livro dele se refaz)
    return motor, sorted(reapurar)


def _guardar(
    certame: Certame,
    chave: str,
    aplicados: list[tuple[str, str]],
    motor: CertameMotor,
    marcas: dict[str, str],
    publicadas: dict[str, str],
    mapa: dict[str, list[str]] | None,
) -> dict[str, list[str]]:
    """Grava o livro do certame e o de cada cargo lido ou apurado (`mapa`: o guardado antes;
    None: tudo de novo) e devolve o mapa novo (de cada cargo, o resumo do livro, o das
    publicadas e a marca dos candidatos). Uma falha ao gravar nunca falha o pedido (o próximo
    reencena)."""
    from cotas_web.certames.models import EstadoDoCargo, EstadoDoCertame

    guardado = livro.guardar(motor)
    novo_mapa = {} if mapa is None else dict(mapa)
    for cargo, dados in guardado.cargos.items():
        novo_mapa[cargo] = [
            hashlib.sha256(dados).hexdigest(),
            publicadas.get(cargo, _SEM_ATOS),
            marcas.get(cargo, ""),
        ]
    try:
        with transaction.atomic():  # (um ponto de salvamento dentro de um ato)
            if mapa is None:
                EstadoDoCargo.objects.filter(certame=certame).delete()
                EstadoDoCargo.objects.bulk_create(
                    EstadoDoCargo(certame=certame, cargo=cargo, estado=dados)
                    for cargo, dados in guardado.cargos.items()
                )
            else:
                for cargo, dados in guardado.cargos.items():
                    EstadoDoCargo.objects.update_or_create(
                        certame=certame, cargo=cargo, defaults={"estado": dados}
                    )
            EstadoDoCertame.objects.update_or_create(
                certame=certame,
                defaults={
                    "chave": chave,
                    "eventos": [list(a) for a in aplicados],
                    "livro": guardado.livro,
                    "cargos": novo_mapa,
                    "selo": _selo(chave, [list(a) for a in aplicados], guardado.livro, novo_mapa),
                },
            )
    except DatabaseError:
        pass
    return novo_mapa
