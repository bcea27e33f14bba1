"""Um documento publicado: título, parágrafos, tabelas e figuras, desenhado em cada formato.

As tabelas de um documento são as mesmas em CSV, XLSX, HTML e PDF: os números vêm de um só
lugar (`Tabela.linhas`) e cada formato apenas os desenha.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

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


@dataclass(frozen=True)
class Carimbo:
    """De que certame, em que versão, por que lei e quando o texto foi gerado."""

    versao: int | None
    lei: str
    gerado_em: datetime

    def texto(self) -> str:
        partes = [f"Gerado em {self.gerado_em:%d/%m/%Y às %H:%M}"]
        if self.versao is not None:
            partes.append(f"versão {self.versao} do certame")
        if self.lei:
            partes.append(f"lei aplicada: {self.lei}")
        return "; ".join(partes) + "."


@dataclass
class Documento:
    nome: str  # nome do arquivo, sem extensão: "anexo-edital", "listas", "ordem-de-nomeacao"
    titulo: str
    certame: str  # nome do certame, ex.: "Concurso Público 01/2025"
    municipio: str  # "Município/UF"
    blocos: list[Bloco] = field(default_factory=list)
    paisagem: bool = False  # A4 deitado no PDF (tabelas largas)
    # As linhas do timbre; vazio: as do município (`texto.cabecalho_municipio`). Os atos que o
    # órgão publica levam as da identidade dele.
    timbre: tuple[str, ...] = ()
    # "Gerado em ..., versão N do certame; lei aplicada: ...": no fim e no rodapé de cada página.
    carimbo: str = ""
    # A data do "Gerado em" quando ela é dada (SOURCE_DATE_EPOCH), também a data do XLSX; sem
    # ela, a hora em que cada arquivo é gravado.
    gerado_em: datetime | None = None

    @property
    def tabelas(self) -> list[Tabela]:
        return [b for b in self.blocos if isinstance(b, Tabela)]

    @property
    def figuras(self) -> list[Figura]:
        return [b for b in self.blocos if isinstance(b, Figura)]

    def paginas(self, linhas_por_pagina: int) -> int:
        """Em quantas páginas a maior tabela se divide (1 se todas cabem numa)."""
        maior = max((len(t.linhas) for t in self.tabelas), default=0)
        return max(1, -(-maior // linhas_por_pagina))

    def pagina(self, numero: int, linhas_por_pagina: int) -> Documento:
        """O mesmo documento só com as linhas da página `numero` (a partir de 1) de cada
        tabela: para ler na tela o que, inteiro, seria uma página de dezenas de MB. Os arquivos
        para baixar continuam inteiros."""
        inicio = (numero - 1) * linhas_por_pagina
        blocos: list[Bloco] = [
            replace(b, linhas=b.linhas[inicio : inicio + linhas_por_pagina])
            if isinstance(b, Tabela)
            else b
            for b in self.blocos
        ]
        return replace(self, blocos=blocos)
