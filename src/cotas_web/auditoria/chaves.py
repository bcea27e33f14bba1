"""As chaves do selo do registro de auditoria (cadeia.py, versão 2), que o banco nunca guarda:
`COTAS_CHAVE_AUDITORIA` (a atual, que sela os registros novos) e
`COTAS_CHAVES_AUDITORIA_ANTERIORES` (as de antes de uma troca, separadas por vírgula: só
conferem). Em produção a atual é obrigatória, com 32 bytes ou mais, e nunca a de
desenvolvimento (settings/producao.py); em desenvolvimento e nos testes vale a de
desenvolvimento, que é pública (está no repositório) e por isso não prova nada."""

from __future__ import annotations

from django.conf import settings

from . import cadeia


def chave_atual() -> bytes:
    return str(settings.COTAS_CHAVE_AUDITORIA).encode("utf-8")


def chaves_conhecidas() -> dict[str, bytes]:
    """A identificação de cada chave que confere (a atual e as anteriores) → a chave."""
    todas = [chave_atual()] + [
        str(k).encode("utf-8") for k in settings.COTAS_CHAVES_AUDITORIA_ANTERIORES
    ]
    return {cadeia.identificacao(k): k for k in todas}


def de_desenvolvimento() -> bool:
    """Se a chave atual é a de desenvolvimento (pública): o selo não prova nada."""
    return str(settings.COTAS_CHAVE_AUDITORIA) == settings.CHAVE_AUDITORIA_DE_DESENVOLVIMENTO
