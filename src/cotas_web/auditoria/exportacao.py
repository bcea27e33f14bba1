"""O registro de auditoria de um certame para levar: CSV (para ler numa planilha) e JSON Lines
(para conferir com um programa: cada linha com o hash, o anterior e o selo), e a cabeça da
cadeia no formato de `exportar_cabecas_auditoria` (que `verificar_auditoria --cabecas` confere).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator
from typing import Any

from django.utils import timezone

from .integridade import cabeca, verificar_cadeia
from .models import Registro
from .selectors import historico_do_certame, quem_fez

COLUNAS = (
    "id",
    "quando",
    "quem",
    "papel",
    "acao",
    "o_que",
    "fundamento",
    "data_do_ato",
    "dados",
    "anterior",
    "hash",
    "selo_versao",
    "selo_chave",
)


# As chaves dos fatos que guardam a data do ato, na ordem em que valem.
_DATAS = ("data", "data_portaria", "decidido_em", "posse_em", "interposto_em")


def data_do_ato(registro: Registro) -> str:
    """A data do ato que o registro guarda nos fatos (a da portaria, da oferta, da decisão...),
    que pode não ser o dia em que foi registrado; "" se o ato não tem data própria."""
    fatos = registro.dados.get("fatos") if isinstance(registro.dados, dict) else None
    for onde in (fatos, fatos.get("valores") if isinstance(fatos, dict) else None):
        if isinstance(onde, dict):
            for chave in _DATAS:
                if isinstance(onde.get(chave), str):
                    return str(onde[chave])
    return ""


def _linhas(certame_id: int, papel: Callable[[Registro], str]) -> Iterator[dict[str, Any]]:
    for r in historico_do_certame(certame_id=certame_id).iterator(chunk_size=2000):
        yield {
            "id": r.pk,
            "quando": timezone.localtime(r.quando).isoformat(timespec="seconds"),
            "quem": quem_fez(r),
            "papel": papel(r),
            "acao": r.acao,
            "o_que": r.descricao,
            "fundamento": r.fundamento,
            "data_do_ato": data_do_ato(r),
            "dados": r.dados,
            "anterior": r.anterior,
            "hash": r.hash,
            "selo_versao": r.selo_versao,
            "selo_chave": r.selo_chave,
        }


def para_jsonl(certame_id: int, papel: Callable[[Registro], str]) -> bytes:
    return b"".join(
        json.dumps(linha, ensure_ascii=False, sort_keys=False).encode() + b"\n"
        for linha in _linhas(certame_id, papel)
    )


def para_csv(certame_id: int, papel: Callable[[Registro], str]) -> bytes:
    saida = io.StringIO()
    escritor = csv.writer(saida, lineterminator="\r\n")
    escritor.writerow(COLUNAS)
    for linha in _linhas(certame_id, papel):
        linha["dados"] = json.dumps(linha["dados"], ensure_ascii=False)
        # (texto que começa por =, +, - ou @ não vira fórmula na planilha)
        escritor.writerow(
            "'" + v if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") else v
            for v in (linha[c] for c in COLUNAS)
        )
    return saida.getvalue().encode("utf-8-sig")


def cabeca_jsonl(certame_id: int) -> bytes:
    """A cabeça da cadeia do certame, uma linha como a de `exportar_cabecas_auditoria`."""
    estado = verificar_cadeia(certame_id)
    return (json.dumps(cabeca(estado, timezone.now()), ensure_ascii=False) + "\n").encode()
