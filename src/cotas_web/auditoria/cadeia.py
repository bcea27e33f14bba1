"""A cadeia do registro de auditoria: cada registro sela o seu conteúdo e o selo do registro
anterior do mesmo certame. Alterar, apagar, inserir ou reordenar um registro quebra a cadeia a
partir dele; reescrevê-la inteira muda a cabeça exportada (`exportar_cabecas_auditoria`).

Duas versões do selo, guardadas em cada registro (`selo_versao`):

- 1 (`SEM_CHAVE`): SHA-256 do conteúdo. Os registros gravados antes da migração auditoria 0004;
  quem tem só as credenciais do banco consegue calcular um selo destes, então um registro sem
  chave gravado depois do marco (`MARCO`, ver integridade.py) é uma falha.
- 2 (`HMAC`): HMAC-SHA256 do conteúdo com uma chave que o banco nunca guarda
  (`COTAS_CHAVE_AUDITORIA`, chaves.py); o registro guarda só a identificação da chave
  (`selo_chave`), para a troca de chave. Sem a chave não se acrescenta um registro que confira.

O conteúdo é um JSON canônico (chaves ordenadas, sem espaços) dos campos que importam. Funções
puras sobre qualquer objeto com os campos do `Registro` (também o modelo histórico das
migrações).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime
from typing import Any

from .acoes import AcaoAuditada

INICIO = ""  # o `anterior` do primeiro registro de cada cadeia
SEM_CHAVE = 1
HMAC = 2
ATUAL = HMAC
# A ação do registro que a migração 0004 grava na cadeia sem certame: a partir dele, todo
# registro é selado com chave (`dados["cabecas"]`: o último id selado sem chave de cada cadeia;
# `dados["ultimo_sem_chave"]`: o maior de todos).
MARCO = AcaoAuditada.SELO_COM_CHAVE_ADOTADO.value
# A ação do registro da troca de chave (`manage.py trocar_chave_auditoria`), selado com a chave
# nova na cadeia sem certame: as chaves anteriores ficam aposentadas a partir dele
# (`dados["aposentadas"]`: as identificações; `dados["cabecas"]`: o último id de cada cadeia).
# Um registro selado com uma chave aposentada depois da cabeça da sua cadeia é uma falha: quem
# tivesse obtido a chave antiga (o motivo de uma troca) não acrescenta nada com ela.
TROCA_DE_CHAVE = AcaoAuditada.CHAVE_TROCADA.value


def nome_da_cadeia(certame_id: int | None) -> str:
    """A chave da cadeia no marco (JSON): o id do certame, ou "" para a dos sem certame."""
    return "" if certame_id is None else str(certame_id)


def _instante(quando: datetime) -> str:
    return quando.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _json(valor: Any) -> Any:
    """O valor como o banco o devolve (tuplas viram listas, chaves viram texto)."""
    return json.loads(json.dumps(valor))


def conteudo_canonico(registro: Any) -> bytes:
    campos = {
        "certame": registro.certame_id,
        "usuario": registro.usuario_id,
        "usuario_nome": registro.usuario_nome,
        "quando": _instante(registro.quando),
        "acao": registro.acao,
        "descricao": registro.descricao,
        "fundamento": registro.fundamento,
        "dados": _json(registro.dados),
        "anterior": registro.anterior,
    }
    versao = getattr(registro, "selo_versao", SEM_CHAVE)
    if versao != SEM_CHAVE:
        # (a versão e a chave entram no selo: quem as trocasse quebraria o selo)
        campos["selo_versao"] = versao
        campos["selo_chave"] = registro.selo_chave
    return json.dumps(campos, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8"
    )


def identificacao(chave: bytes) -> str:
    """O que o registro guarda da chave: 16 dígitos de um hash dela (não a revela)."""
    return hashlib.sha256(b"cotas-auditoria-chave:" + chave).hexdigest()[:16]


def selo_sem_chave(registro: Any) -> str:
    """O selo versão 1: SHA-256 do conteúdo (com o selo do anterior)."""
    return hashlib.sha256(conteudo_canonico(registro)).hexdigest()


def selo_com_chave(registro: Any, chave: bytes) -> str:
    """O selo versão 2: HMAC-SHA256 do conteúdo com a chave."""
    return hmac.new(chave, conteudo_canonico(registro), hashlib.sha256).hexdigest()


def selar(registro: Any, chave: bytes) -> None:
    """Marca o registro como selado com a chave (versão atual) e grava o selo em `hash`."""
    registro.selo_versao = HMAC
    registro.selo_chave = identificacao(chave)
    registro.hash = selo_com_chave(registro, chave)


def selo(registro: Any, chave: bytes | None = None) -> str:
    """O selo do registro pela sua versão (a chave, na versão 2: a atual se não for dada)."""
    if getattr(registro, "selo_versao", SEM_CHAVE) == SEM_CHAVE:
        return selo_sem_chave(registro)
    if chave is None:
        from .chaves import chave_atual

        chave = chave_atual()
    return selo_com_chave(registro, chave)


def confere(registro: Any, chave: bytes) -> bool:
    return hmac.compare_digest(registro.hash, selo(registro, chave))
