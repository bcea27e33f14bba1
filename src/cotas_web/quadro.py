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
dos grupos da lei e os critérios de desempate), no formato Arrow IPC; os de marcas antigas são
apagados quando um novo é gravado.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import uuid
from collections.abc import Callable
from pathlib import Path

import polars as pl
from django.conf import settings
from django.db import connection, transaction

_SEPARADOR = "__"  # entre a marca e a forma no nome do arquivo (a marca do PostgreSQL tem "-")

# Os últimos quadros lidos por este processo: (certame, forma) → (marca, quadro), do mais antigo
# ao mais novo. Só um atalho do disco: vale só para a marca que o banco dá no pedido, como o
# arquivo (nunca o estado do certame, que fica no banco).
_NA_MEMORIA: dict[tuple[int, str], tuple[str, pl.DataFrame]] = {}
_TRAVA = threading.Lock()


def _lembrar(certame_id: int, forma: str, marca_: str, quadro: pl.DataFrame) -> None:
    limite = int(getattr(settings, "QUADROS_NA_MEMORIA", 0))
    with _TRAVA:
        _NA_MEMORIA.pop((certame_id, forma), None)
        if limite <= 0:
            _NA_MEMORIA.clear()
            return
        _NA_MEMORIA[(certame_id, forma)] = (marca_, quadro)
        while len(_NA_MEMORIA) > limite:
            del _NA_MEMORIA[next(iter(_NA_MEMORIA))]


def _lembrado(certame_id: int, forma: str, marca_: str) -> pl.DataFrame | None:
    with _TRAVA:
        achado = _NA_MEMORIA.get((certame_id, forma))
        if achado is None or achado[0] != marca_:
            return None
        # (o mais recente vai para o fim: sai por último)
        _NA_MEMORIA[(certame_id, forma)] = _NA_MEMORIA.pop((certame_id, forma))
        return achado[1]


def marca(certame_id: int) -> str:
    """A marca de versão dos candidatos ("" se o certame nunca teve candidatos)."""
    # (A tabela de `candidatos.VersaoCandidatos`, lida direto: este módulo fica abaixo dos apps.)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT marca FROM candidatos_versaocandidatos WHERE certame_id = %s", [certame_id]
        )
        linha = cursor.fetchone()
    return str(linha[0]) if linha else ""


def _pasta(certame_id: int) -> Path:
    return Path(settings.ARQUIVOS_PRIVADOS) / "quadros" / str(certame_id)


def _arquivo(certame_id: int, marca_: str, forma: str) -> Path:
    resumo = hashlib.sha256(forma.encode()).hexdigest()[:16]
    return _pasta(certame_id) / f"{marca_}{_SEPARADOR}{resumo}.arrow"


def _ler(arquivo: Path) -> pl.DataFrame | None:
    try:
        return pl.read_ipc(arquivo)
    except (OSError, pl.exceptions.PolarsError):
        return None  # ausente, ou gravado pela metade por um processo morto: monta de novo


def _gravar(arquivo: Path, quadro: pl.DataFrame) -> None:
    """Grava num arquivo ao lado (nome único: outros processos e threads gravam ao mesmo tempo)
    e troca de lugar num passo só; apaga os de outras marcas. Uma falha ao guardar nunca falha
    o pedido: o quadro já foi lido do banco, e o próximo pedido tenta de novo."""
    provisorio = arquivo.with_name(f".{arquivo.name}.{uuid.uuid4().hex}")
    try:
        arquivo.parent.mkdir(parents=True, exist_ok=True)
        quadro.write_ipc(provisorio)
        os.replace(provisorio, arquivo)
    except OSError:
        with contextlib.suppress(OSError):
            provisorio.unlink()
        return
    marca_ = arquivo.name.split(_SEPARADOR)[0]
    for antigo in arquivo.parent.glob("*.arrow"):
        if antigo.name.split(_SEPARADOR)[0] != marca_:
            with contextlib.suppress(OSError):
                antigo.unlink()


def ler_ou_montar(certame_id: int, forma: str, montar: Callable[[], pl.DataFrame]) -> pl.DataFrame:
    """O quadro guardado da marca atual ou, sem ele, o que `montar` lê do banco (guardado se a
    marca não mudou durante a leitura e não há ato em curso)."""
    atual = marca(certame_id)
    if atual and (lembrado := _lembrado(certame_id, forma, atual)) is not None:
        return lembrado
    if atual and (guardado := _ler(_arquivo(certame_id, atual, forma))) is not None:
        _lembrar(certame_id, forma, atual, guardado)
        return guardado
    if connection.in_atomic_block:
        return montar()  # dentro de um ato: a marca pode ainda ser desfeita
    with transaction.atomic():  # (no SQLite, um instantâneo só para as três leituras)
        antes = marca(certame_id)
        quadro = montar()
        depois = marca(certame_id)
    if antes and antes == depois:
        _gravar(_arquivo(certame_id, antes, forma), quadro)
        _lembrar(certame_id, forma, antes, quadro)
    return quadro
