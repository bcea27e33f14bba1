"""De onde os documentos tiram os números: o certame apurado pelo motor, venha ele de um
cenário em arquivo (linha de comando) ou do banco da aplicação web (`cotas_web.ponte`).

Sem Django e sem arquivos: a web e a linha de comando montam uma `FonteDocumentos` e recebem
os mesmos documentos.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from cotas.motor.certame import Certame, Nomeacao
from cotas.motor.regras import Regras

if TYPE_CHECKING:
    from cotas.apuracao import Apuracao


@dataclass
class FonteDocumentos:
    """O certame apurado e o que dele se publica.

    `atos`: para cada nomeação publicada, (cargo, inscrição) → o ato ("Portaria 12/2025, de
    02/08/2025"). `None` quer dizer que toda nomeação do motor é publicada (linha de comando);
    na web só os atos confirmados pelo RH o são — as propostas do motor não se publicam.
    """

    nome: str
    regras: Regras
    certame: Certame
    nomes_cargos: Mapping[str, str]
    data_edital: date
    validade_ate: date | None = None
    atos: Mapping[tuple[str, str], str] | None = None

    @property
    def municipio(self) -> str:
        return self.regras.lei.municipio

    @property
    def cargos(self) -> list[str]:
        return list(self.certame.cargos)

    def nome_cargo(self, cargo: str) -> str:
        return self.nomes_cargos.get(cargo, "")

    def publicada(self, cargo: str, inscricao: str) -> bool:
        return self.atos is None or (cargo, inscricao) in self.atos

    def ato(self, cargo: str, inscricao: str) -> str:
        if self.atos is None:
            return ""
        return self.atos.get((cargo, inscricao), "")

    def nomeacoes(self, cargo: str) -> list[Nomeacao]:
        """As nomeações publicadas do cargo, em ordem cronológica."""
        return [n for n in self.certame.nomeacoes(cargo) if self.publicada(cargo, n.inscricao)]


def fonte_da_apuracao(ap: Apuracao) -> FonteDocumentos:
    return FonteDocumentos(
        nome=ap.cenario.nome,
        regras=ap.regras,
        certame=ap.certame,
        nomes_cargos={c.codigo: c.nome for c in ap.cenario.cargos},
        data_edital=ap.cenario.data_edital,
        validade_ate=ap.cenario.validade_ate,
    )
