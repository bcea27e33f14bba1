"""O pacote de dados abertos de um certame (Frictionless Data Package): os CSV públicos de cada
documento publicado (anexo do edital; depois da homologação, as listas e a ordem de nomeação) num
ZIP com o `datapackage.json` que os descreve: o esquema de cada CSV (colunas e tipos, o
separador `;`, a vírgula decimal, as datas dd/mm/aaaa), a licença, a fonte, a lei e o edital, a
versão do certame e quando foi gerado. Os mesmos números dos CSV para baixar
(`cotas.documentos.formatos.para_csv`): nada além do que as páginas públicas mostram.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.conf import settings

from cotas.documentos.documento import Documento
from cotas.documentos.formatos import para_csv
from cotas.documentos.tabelas import Tabela
from cotas_web.certames.models import Certame

PERFIL = "tabular-data-package"


def _tipo(valores: Sequence[object]) -> dict[str, Any]:
    """O tipo Frictionless da coluna, pelos valores (os vazios não contam)."""
    presentes = [v for v in valores if v is not None and v != ""]
    if presentes and all(isinstance(v, int) and not isinstance(v, bool) for v in presentes):
        return {"type": "integer"}
    if presentes and all(
        isinstance(v, (int, Decimal, float)) and not isinstance(v, bool) for v in presentes
    ):
        return {"type": "number", "decimalChar": ","}
    if presentes and all(isinstance(v, date) and not isinstance(v, datetime) for v in presentes):
        return {"type": "date", "format": "%d/%m/%Y"}
    return {"type": "string"}


def _nome(texto: str) -> str:
    """Um nome de recurso válido (minúsculas, dígitos, `-`, `_`, `.`)."""
    return re.sub(r"[^a-z0-9._-]+", "-", texto.lower()).strip("-") or "tabela"


def esquema(tabela: Tabela) -> dict[str, Any]:
    colunas = list(zip(*tabela.linhas, strict=True)) if tabela.linhas else []
    campos = []
    for i, titulo in enumerate(tabela.colunas):
        valores = colunas[i] if colunas else ()
        campos.append({"name": titulo, **_tipo(valores)})
    return {"fields": campos, "missingValues": [""]}


def licenca() -> dict[str, str]:
    return dict(settings.COTAS_DADOS_ABERTOS_LICENCA)


def montar(
    certame: Certame,
    documentos: Sequence[Documento],
    *,
    versao: int,
    gerado_em: datetime,
    fonte_url: str,
) -> bytes:
    """O ZIP: `datapackage.json` e `<documento>/<tabela>.csv`."""
    saida = io.BytesIO()
    recursos = []
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        for d in documentos:
            for t in d.tabelas:
                conteudo = para_csv(t)
                caminho = f"{d.nome}/{t.nome}.csv"
                pacote.writestr(caminho, conteudo)
                recursos.append(
                    {
                        "name": _nome(f"{d.nome}-{t.nome}"),
                        "title": f"{d.titulo}: {t.titulo}",
                        "path": caminho,
                        "profile": "tabular-data-resource",
                        "format": "csv",
                        "mediatype": "text/csv",
                        "encoding": "utf-8-sig",
                        "bytes": len(conteudo),
                        "hash": "sha256:" + hashlib.sha256(conteudo).hexdigest(),
                        "dialect": {"delimiter": ";", "lineTerminator": "\r\n"},
                        "schema": esquema(t),
                    }
                )
        descritor = descritor_do_pacote(
            certame, recursos, versao=versao, gerado_em=gerado_em, fonte_url=fonte_url
        )
        pacote.writestr(
            "datapackage.json",
            json.dumps(descritor, ensure_ascii=False, indent=2).encode("utf-8"),
        )
    return saida.getvalue()


def descritor_do_pacote(
    certame: Certame,
    recursos: list[dict[str, Any]],
    *,
    versao: int,
    gerado_em: datetime,
    fonte_url: str,
) -> dict[str, Any]:
    return {
        "profile": PERFIL,
        "name": f"cotas-certame-{certame.pk}",
        "title": f"{certame.nome} ({certame.municipio})",
        "description": (
            "Os arquivos públicos do certame (vagas e reserva do edital; depois da homologação, "
            "as listas de classificação e a ordem de nomeação), como as páginas públicas os "
            "publicam: sem cor/raça, deficiência nem parecer individual, e o CPF mascarado."
        ),
        # (a versão do certame é o último registro de auditoria: todo ato a muda)
        "version": f"{versao}.0.0",
        "created": gerado_em.isoformat(timespec="seconds"),
        "licenses": [licenca()],
        "sources": [{"title": f"{certame.nome}: páginas públicas", "path": fonte_url}],
        "keywords": ["cotas", "concurso público", "reserva de vagas", certame.municipio],
        "cotas:certame": {
            "id": certame.pk,
            "nome": certame.nome,
            "municipio": certame.municipio,
            "tipo": certame.tipo,
            "versao": versao,
            "homologado_em": certame.homologado_em.isoformat() if certame.homologado_em else None,
        },
        "cotas:lei": {"id": certame.lei_id, "titulo": certame.lei_titulo},
        "cotas:edital": {
            "certame": certame.nome,
            "data_publicacao": certame.data_edital.isoformat(),
        },
        "resources": recursos,
    }
