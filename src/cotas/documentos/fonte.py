"""De onde os documentos tiram os números: o certame apurado pelo motor, venha ele de um
cenário em arquivo (linha de comando) ou do banco da aplicação web (`cotas_web.ponte`).

Sem Django e sem arquivos: a web e a linha de comando montam uma `FonteDocumentos` e recebem
os mesmos documentos.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from cotas.documentos.documento import Carimbo
from cotas.motor.certame import Certame, Nomeacao
from cotas.motor.regras import Regras
from cotas.motor.reserva import ReservaCargo, calcular_reserva

if TYPE_CHECKING:
    from collections.abc import Callable

    from cotas.apuracao import Apuracao
    from cotas.documentos.tabelas import Tabela


@dataclass(frozen=True)
class CorrecaoPublica:
    """Uma correção depois da homologação como se publica ao lado dos atos: vale da sua data em
    diante, e as nomeações já publicadas não mudam (docs/INTERPRETACAO.md#atos-publicados)."""

    data: date
    cargo: str
    inscricao: str
    mudanca: str  # "nota: 55 → 99" (ou só "nome corrigido(a)": dado pessoal)
    fundamento: str


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
    # A versão do certame (web: o último registro de auditoria) e quando a fonte foi montada:
    # o carimbo de todo documento publicado (`carimbo`).
    versao: int | None = None
    gerado_em: datetime | None = None
    # As correções depois da homologação (web), publicadas nas listas e na ordem de nomeação.
    correcoes: tuple[CorrecaoPublica, ...] = ()
    _reservas_do_edital: dict[str, ReservaCargo] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _correcoes_por_inscricao: dict[str, tuple[CorrecaoPublica, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # As tabelas do certame inteiro já montadas (`guardar_tabelas`); None: cada documento monta
    # as suas (a web, que guarda a fonte entre pedidos e não deve guardar também as tabelas).
    _tabelas: dict[str, Tabela] | None = field(default=None, init=False, repr=False, compare=False)

    def guardar_tabelas(self) -> None:
        """Cada tabela do certame inteiro montada uma vez só e a mesma em todo documento e
        formato desta fonte: quem grava todos os arquivos de uma vez (`cotas apurar --saida`)
        não monta três vezes a classificação de um milhão de linhas."""
        if self._tabelas is None:
            self._tabelas = {}

    def tabela(self, nome: str, montar: Callable[[], Tabela]) -> Tabela:
        """A tabela `nome` do certame inteiro: a guardada, se a fonte guarda (`guardar_tabelas`),
        ou montada agora."""
        if self._tabelas is None:
            return montar()
        if nome not in self._tabelas:
            self._tabelas[nome] = replace(montar(), em_varios_documentos=True)
        return self._tabelas[nome]

    def correcoes_de(self, inscricao: str) -> tuple[CorrecaoPublica, ...]:
        """As correções da inscrição, na ordem em que foram publicadas."""
        if self._correcoes_por_inscricao is None:
            por: dict[str, list[CorrecaoPublica]] = {}
            for c in self.correcoes:
                por.setdefault(c.inscricao, []).append(c)
            self._correcoes_por_inscricao = {i: tuple(cs) for i, cs in por.items()}
        return self._correcoes_por_inscricao.get(inscricao, ())

    def carimbo(self) -> str:
        """ "Gerado em ..., versão N do certame; lei aplicada: ..." (sem data montada: agora)."""
        quando = self.gerado_em or datetime.now().astimezone()
        return Carimbo(self.versao, self.regras.lei.titulo, quando).texto()

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

    def reserva_do_edital(self, cargo: str) -> ReservaCargo:
        """A reserva só das vagas do edital do cargo (o quadro do anexo), feita uma vez: num
        cargo de 100.000 vagas o plano leva segundos. Sem novas vagas no cargo, é a do próprio
        certame, sem refazer o plano (o número de reservadas não depende da prioridade)."""
        if cargo not in self._reservas_do_edital:
            vagas = self.certame.cargos[cargo]
            lotes = [lt.quantidade for lt in self.certame.lotes(cargo)]
            self._reservas_do_edital[cargo] = (
                self.certame.reserva(cargo)
                if lotes in ([], [vagas])
                else calcular_reserva(self.regras, vagas, cargo=cargo)
            )
        return self._reservas_do_edital[cargo]

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
