"""Um documento publicado: título, parágrafos, tabelas e figuras, desenhado em cada formato.

As tabelas de um documento são as mesmas em CSV, XLSX, HTML e PDF: os números vêm de um só
lugar (`Tabela.linhas`) e cada formato apenas os desenha.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cotas.documentos.tabelas import Tabela


@dataclass(frozen=True)
class Titulo:
    texto: str
    nivel: int = 2


@dataclass(frozen=True)
class Paragrafo:
    texto: str
    classe: str = ""


@dataclass(frozen=True)
class Figura:
    """Um gráfico SVG já desenhado, com a legenda em texto (acessível)."""

    nome: str
    svg: str
    legenda: str


Bloco = Titulo | Paragrafo | Tabela | Figura


@dataclass
class Documento:
    nome: str  # nome do arquivo, sem extensão: "anexo-edital", "listas", "ordem-de-nomeacao"
    titulo: str
    certame: str  # nome do certame, ex.: "Concurso Público 01/2025"
    municipio: str  # "Montenegro/RS"
    blocos: list[Bloco] = field(default_factory=list)
    paisagem: bool = False  # A4 deitado no PDF (tabelas largas)

    @property
    def tabelas(self) -> list[Tabela]:
        return [b for b in self.blocos if isinstance(b, Tabela)]

    @property
    def figuras(self) -> list[Figura]:
        return [b for b in self.blocos if isinstance(b, Figura)]
