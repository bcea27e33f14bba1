"""O quadro dos candidatos de um certame guardado em disco, para que um ato não releia do banco
um milhão de linhas a cada pedido (issue "atos são fatos").

A chave é a marca de versão dos candidatos (`candidatos.VersaoCandidatos`), que os gatilhos do
banco renovam, com uma marca aleatória, na mesma transação de qualquer mudança nos candidatos:
nenhum caminho de escrita a esquece, uma transação desfeita não a deixa, e uma cópia de
segurança restaurada traz a marca do conteúdo dela. O quadro só é guardado fora de um ato (fora
de uma transação), lido entre duas leituras iguais da marca; dentro de um ato que mudou os
candidatos a marca é nova e não tem quadro: ele é montado do banco, como sempre. Quem confere o
registro de auditoria (`verificar_auditoria`) lê sempre do banco.

Os arquivos ficam em `ARQUIVOS_PRIVADOS/quadros/<certame>/`, um por marca e forma (as colunas
dos grupos da lei e os critérios de desempate), no formato Arrow IPC, com as marcas dos cargos ao
lado (`.json`); os de marcas antigas são apagados quando um novo é gravado.

Remendo: cada cargo tem também a sua marca (`candidatos.VersaoDoCargo`). Sem o quadro da marca
atual, o último guardado é remendado: as linhas dos cargos cuja marca mudou (uma correção muda um
só) são relidas do banco, as dos outros ficam. Num certame de um milhão, uma correção relê os
candidatos de um cargo, não o milhão.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl
from django.conf import settings
from django.db import connection, transaction

_SEPARADOR = "__"  # entre a marca e a forma no nome do arquivo (a marca do PostgreSQL tem "-")


@dataclass(frozen=True)
class Guardado:
    """Um quadro com as marcas de que ele é: a do certame e a de cada cargo."""

    marca: str
    marcas: dict[str, str]
    quadro: pl.DataFrame
    no_disco: bool = True  # (o lembrado dentro de um ato vai ao disco na primeira leitura fora)


# Os últimos quadros lidos por este processo: (certame, forma) → o quadro, do mais antigo ao mais
# novo. Só um atalho do disco: vale só para a marca que o banco dá no pedido, como o arquivo
# (nunca o estado do certame, que fica no banco); a base do remendo, para outra.
_NA_MEMORIA: dict[tuple[int, str], Guardado] = {}
_TRAVA = threading.Lock()


def _lembrar(certame_id: int, forma: str, guardado: Guardado) -> None:
    limite = int(getattr(settings, "QUADROS_NA_MEMORIA", 0))
    with _TRAVA:
        _NA_MEMORIA.pop((certame_id, forma), None)
        if limite <= 0:
            _NA_MEMORIA.clear()
            return
        _NA_MEMORIA[(certame_id, forma)] = guardado
        while len(_NA_MEMORIA) > limite:
            del _NA_MEMORIA[next(iter(_NA_MEMORIA))]


def _lembrado(certame_id: int, forma: str) -> Guardado | None:
    with _TRAVA:
        achado = _NA_MEMORIA.get((certame_id, forma))
        if achado is not None:  # (o mais recente vai para o fim: sai por último)
            _NA_MEMORIA[(certame_id, forma)] = _NA_MEMORIA.pop((certame_id, forma))
        return achado


def marca(certame_id: int) -> str:
    """A marca de versão dos candidatos ("" se o certame nunca teve candidatos)."""
    # (A tabela de `candidatos.VersaoCandidatos`, lida direto: este módulo fica abaixo dos apps.)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT marca FROM candidatos_versaocandidatos WHERE certame_id = %s", [certame_id]
        )
        linha = cursor.fetchone()
    return str(linha[0]) if linha else ""


def marcas_dos_cargos(certame_id: int) -> dict[str, str]:
    """A marca de versão dos candidatos de cada cargo do certame, pelo código ("" se o cargo
    nunca teve candidatos)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.codigo, v.marca FROM certames_cargo c "
            "LEFT JOIN candidatos_versaodocargo v ON v.cargo_id = c.id WHERE c.certame_id = %s",
            [certame_id],
        )
        return {str(codigo): str(m or "") for codigo, m in cursor.fetchall()}


def _pasta(certame_id: int) -> Path:
    return Path(settings.ARQUIVOS_PRIVADOS) / "quadros" / str(certame_id)


def _arquivo(certame_id: int, marca_: str, forma: str) -> Path:
    resumo = hashlib.sha256(forma.encode()).hexdigest()[:16]
    return _pasta(certame_id) / f"{marca_}{_SEPARADOR}{resumo}.arrow"


def _ler(arquivo: Path) -> Guardado | None:
    try:
        marcas = json.loads(arquivo.with_suffix(".json").read_text())
        return Guardado(arquivo.name.split(_SEPARADOR)[0], marcas, pl.read_ipc(arquivo))
    except (OSError, ValueError, pl.exceptions.PolarsError):
        return None  # ausente, ou gravado pela metade por um processo morto: monta de novo


def _ultimo_no_disco(certame_id: int, forma: str) -> Guardado | None:
    """O quadro guardado desta forma, de qualquer marca (há um só: os antigos são apagados)."""
    resumo = hashlib.sha256(forma.encode()).hexdigest()[:16]
    for arquivo in _pasta(certame_id).glob(f"*{_SEPARADOR}{resumo}.arrow"):
        return _ler(arquivo)
    return None


def _gravar(certame_id: int, forma: str, guardado: Guardado) -> None:
    """Grava em arquivos ao lado (nome único: outros processos e threads gravam ao mesmo tempo)
    e troca de lugar num passo só, primeiro as marcas, depois o quadro; apaga os de outras
    marcas. Uma falha ao guardar nunca falha o pedido: o quadro já foi lido do banco, e o
    próximo pedido tenta de novo."""
    arquivo = _arquivo(certame_id, guardado.marca, forma)
    marcas = arquivo.with_suffix(".json")
    sufixo = uuid.uuid4().hex
    provisorios = [arquivo.with_name(f".{p.name}.{sufixo}") for p in (marcas, arquivo)]
    try:
        arquivo.parent.mkdir(parents=True, exist_ok=True)
        provisorios[0].write_text(json.dumps(guardado.marcas))
        guardado.quadro.write_ipc(provisorios[1])
        os.replace(provisorios[0], marcas)
        os.replace(provisorios[1], arquivo)
    except OSError:
        for provisorio in provisorios:
            with contextlib.suppress(OSError):
                provisorio.unlink()
        return
    for antigo in [*arquivo.parent.glob("*.arrow"), *arquivo.parent.glob("*.json")]:
        if antigo.name.split(_SEPARADOR)[0] != guardado.marca:
            with contextlib.suppress(OSError):
                antigo.unlink()


# Colunas do quadro que o remendo usa.
_CARGO, _LINHA = "cargo", "linha"


def _remendado(
    base: Guardado | None,
    marcas: dict[str, str],
    montar_cargos: Callable[[Sequence[str]], pl.DataFrame],
) -> pl.DataFrame | None:
    """O quadro `base` com as linhas dos cargos cuja marca mudou relidas do banco; None se não
    há base, se todos mudaram (uma importação: monte tudo) ou se nenhum mudou (a marca do
    certame mudou sem a de cargo algum: não se sabe o quê, monte tudo)."""
    if base is None:
        return None
    mudaram = sorted(
        c for c in set(marcas) | set(base.marcas) if marcas.get(c) != base.marcas.get(c)
    )
    if not mudaram or len(mudaram) >= len(marcas):
        return None
    ficam = base.quadro.filter(~pl.col(_CARGO).is_in(mudaram))
    relidas = montar_cargos(mudaram)
    if relidas.schema != ficam.schema:
        return None  # (a forma mudou com o código: monte tudo)
    # As linhas relidas vão ao fim, na ordem do arquivo: dentro de cada cargo a ordem é a do
    # arquivo, como no quadro lido inteiro; entre cargos, ninguém a lê (o livro conta posições
    # nas listas, nunca linhas do quadro). Reordenar o milhão custava 0,4 s a cada correção.
    return pl.concat([ficam, relidas.sort(_LINHA, nulls_last=True, maintain_order=True)])


def ler_ou_montar(
    certame_id: int,
    forma: str,
    montar: Callable[[], pl.DataFrame],
    montar_cargos: Callable[[Sequence[str]], pl.DataFrame],
) -> pl.DataFrame:
    """O quadro guardado da marca atual; sem ele, o último guardado remendado (`_remendado`) ou
    o que `montar` lê do banco (`montar_cargos`: só as linhas dos cargos dados). O quadro é
    guardado se as marcas não mudaram durante a leitura e não há ato em curso."""
    atual = marca(certame_id)
    lembrado = _lembrado(certame_id, forma)
    if atual and lembrado is not None and lembrado.marca == atual:
        if not lembrado.no_disco and not connection.in_atomic_block:
            # (Fora de um ato, a marca lida é a gravada: o quadro lembrado no ato vale.)
            _gravar(certame_id, forma, lembrado)
            _lembrar(certame_id, forma, replace(lembrado, no_disco=True))
        return lembrado.quadro
    if atual and (guardado := _ler(_arquivo(certame_id, atual, forma))) is not None:
        _lembrar(certame_id, forma, guardado)
        return guardado.quadro
    base = lembrado if lembrado is not None else _ultimo_no_disco(certame_id, forma)
    if connection.in_atomic_block:
        # Dentro de um ato, a marca pode ainda ser desfeita: nada vai ao disco. Na memória, sim:
        # a marca nova é aleatória, e desfeita nunca volta (o lembrado só serve de base a um
        # remendo, que relê o cargo cuja marca não confere). A trava do certame impede outra
        # mudança nos candidatos durante o ato.
        marcas = marcas_dos_cargos(certame_id)
        quadro = _remendado(base, marcas, montar_cargos)
        quadro = montar() if quadro is None else quadro
        if atual:
            _lembrar(certame_id, forma, Guardado(atual, marcas, quadro, no_disco=False))
        return quadro
    with transaction.atomic():  # (no SQLite, um instantâneo só para as leituras)
        antes = (marca(certame_id), marcas_dos_cargos(certame_id))
        quadro = _remendado(base, antes[1], montar_cargos)
        quadro = montar() if quadro is None else quadro
        depois = (marca(certame_id), marcas_dos_cargos(certame_id))
    if antes[0] and antes == depois:
        novo = Guardado(antes[0], antes[1], quadro)
        _gravar(certame_id, forma, novo)
        _lembrar(certame_id, forma, novo)
    return quadro
