"""As mudanças conhecidas nas linhas dos candidatos, dentro de um ato: um ato que muda poucas
linhas de um cargo (uma correção muda uma) diz quais, e o quadro guardado do cargo é remendado
relendo do banco só essas linhas, não o cargo inteiro (num cargo de 33 mil inscrições, ~250 ms
a menos por correção).

O que vale é o que o banco diz, antes e depois: as marcas dos cargos (`marcas.marcas_dos_cargos`)
lidas antes da mudança, travadas até o fim do ato (no PostgreSQL, SELECT ... FOR UPDATE: nenhuma
outra transação muda os candidatos desses cargos até o ato terminar; no SQLite o ato já é
exclusivo), e de novo depois dela. Da marca de antes à de depois, só as linhas dadas mudaram; a
anotação vale só se cada uma ficou no seu cargo e no seu lugar no quadro (a inscrição e a linha
do arquivo iguais). Um ato desfeito deixa anotada uma marca que nunca chega ao banco: nunca é
lida.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import polars as pl
from django.db import connection

from cotas_web.ponte.marcas import marcas_dos_cargos

_POSICAO = "_posicao"


@dataclass(frozen=True)
class Mudanca:
    """Da marca `antes` do cargo à marca com que foi anotada, só as linhas destes candidatos
    (`ids`, com as inscrições deles) mudaram."""

    antes: str
    ids: tuple[int, ...]
    inscricoes: frozenset[str]


# (certame, cargo, marca depois) → a mudança; as mais recentes, no máximo `_NO_MAXIMO`.
_ANOTADAS: dict[tuple[int, str, str], Mudanca] = {}
_NO_MAXIMO = 256
_TRAVA = threading.Lock()


def anotada(certame_id: int, cargo: str, marca: str) -> Mudanca | None:
    """A última mudança anotada do cargo, a que levou à `marca`."""
    with _TRAVA:
        return _ANOTADAS.get((certame_id, cargo, marca))


def desde(certame_id: int, cargo: str, marca: str, base: str) -> Mudanca | None:
    """A mudança do cargo da marca `base` à `marca`, juntando as anotadas em sequência (um ato
    que grava várias linhas do mesmo cargo, uma a uma, anota uma mudança por linha); None se
    falta um elo."""
    ids: set[int] = set()
    inscricoes: set[str] = set()
    with _TRAVA:
        while marca != base:
            mudanca = _ANOTADAS.get((certame_id, cargo, marca))
            if mudanca is None:
                return None
            ids.update(mudanca.ids)
            inscricoes |= mudanca.inscricoes
            marca = mudanca.antes
    return Mudanca(base, tuple(sorted(ids)), frozenset(inscricoes)) if ids else None


@contextmanager
def mudando(certame_id: int, ids: Collection[int]) -> Iterator[None]:
    """O bloco muda só as linhas dos candidatos `ids` do certame: anota, para o cargo de cada
    uma, a mudança da marca de antes à de depois. Fora de um ato, não anota nada."""
    if not connection.in_atomic_block or not ids:
        yield
        return
    antes = _as_linhas(ids)
    cargos = {cargo for _, cargo, _ in antes.values()}
    marcas_antes = marcas_dos_cargos(certame_id, cargos, travar=True)
    yield
    if _as_linhas(ids) != antes:
        return  # (uma linha mudou de cargo ou de lugar, ou saiu: o cargo é relido inteiro)
    marcas_depois = marcas_dos_cargos(certame_id, cargos)
    with _TRAVA:
        for cargo in cargos:
            de, para = marcas_antes.get(cargo, ""), marcas_depois.get(cargo, "")
            if de and para and de != para:
                do_cargo = {i: inscricao for i, (inscricao, c, _) in antes.items() if c == cargo}
                _ANOTADAS[(certame_id, cargo, para)] = Mudanca(
                    de, tuple(sorted(do_cargo)), frozenset(do_cargo.values())
                )
        while len(_ANOTADAS) > _NO_MAXIMO:
            del _ANOTADAS[next(iter(_ANOTADAS))]


def remendado(quadro: pl.DataFrame, relidas: pl.DataFrame, mudanca: Mudanca) -> pl.DataFrame | None:
    """O quadro de um cargo com as linhas da `mudanca` trocadas pelas `relidas` (do banco, na
    mesma forma), cada uma no seu lugar; None se não casam (outra forma, uma linha que falta):
    quem chama relê o cargo inteiro."""
    if relidas.schema != quadro.schema or relidas.height != len(mudanca.inscricoes):
        return None
    numerado = quadro.with_row_index(_POSICAO)
    mudadas = pl.col("inscricao").is_in(list(mudanca.inscricoes))
    lugares = numerado.filter(mudadas).select("inscricao", _POSICAO)
    novas = relidas.join(lugares, on="inscricao", how="inner")
    if novas.height != relidas.height:
        return None
    return (
        pl.concat([numerado.filter(~mudadas), novas.select(numerado.columns)])
        .sort(_POSICAO)
        .drop(_POSICAO)
    )


def _as_linhas(ids: Collection[int]) -> dict[int, tuple[str, str, int | None]]:
    """De cada candidato: a inscrição, o código do cargo e a linha do arquivo."""
    marcadores = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT ca.id, ca.inscricao, c.codigo, ca.linha FROM candidatos_candidato ca "
            f"JOIN certames_cargo c ON c.id = ca.cargo_id WHERE ca.id IN ({marcadores})",
            list(ids),
        )
        return {int(i): (str(insc), str(cargo), linha) for i, insc, cargo, linha in cursor}
