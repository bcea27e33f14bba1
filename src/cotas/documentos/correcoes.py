"""As correções depois da homologação publicadas ao lado dos atos, nas listas e na ordem de
nomeação (em todo formato: a tabela é a mesma em HTML, PDF, XLSX e CSV)."""

from __future__ import annotations

from cotas.documentos.documento import Bloco, Paragrafo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import Tabela
from cotas.documentos.texto import data_br

TITULO = "Correções depois da homologação"


def blocos_das_correcoes(f: FonteDocumentos, cargo: str | None = None) -> list[Bloco]:
    """A tabela das correções (de todos os cargos ou de um) e a nota que diz de quando valem;
    nada se não houve correção."""
    correcoes = [c for c in f.correcoes if cargo is None or c.cargo == cargo]
    if not correcoes:
        return []
    colunas = ("Data", "Cargo", "Inscrição", "Correção", "Fundamento")
    linhas: list[tuple[object, ...]] = [
        (data_br(c.data), c.cargo, c.inscricao, c.mudanca, c.fundamento) for c in correcoes
    ]
    # (A tabela leva o seu título em todo formato; a nota vem depois dela.)
    return [
        Tabela("correcoes", TITULO, colunas, linhas),
        Paragrafo(
            "Cada correção vale da sua data em diante: as nomeações já publicadas por portaria "
            "não mudam.",
            "nota",
        ),
    ]
