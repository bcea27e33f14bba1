"""Qual lei se aplica a um certame e as regras que dela resultam na data do edital.

As leis não se aplicam a concursos cujos editais de abertura foram publicados antes da sua
vigência (`[transicao]` e `[vigencia]` de cada lei). Logo vale a lei em vigor na data do edital.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from cotas.motor.aritmetica import Arredondamento, fracao
from cotas.motor.elegibilidade import Elegibilidade
from cotas.motor.erros import (
    LeiInvalida,
    NenhumaLeiAplicavel,
    ParametrosDesconhecidos,
    SelecaoNaoAbrangida,
)

# (Reexportados: o vocabulário está em `glossario`.)
from cotas.motor.glossario import AMPLA as AMPLA
from cotas.motor.glossario import PCD as PCD
from cotas.motor.glossario import BaseDoLimiar as BaseDoLimiar
from cotas.motor.glossario import FracaoEntreLotes as FracaoEntreLotes
from cotas.motor.glossario import Orgao, no_meio_da_frase
from cotas.motor.glossario import TipoSelecao as TipoSelecao
from cotas.motor.legislacao import (
    ESPECIFICACOES,
    Catalogo,
    DeclaracaoGrupo,
    Lei,
    conferir_informado,
    dispositivo_federal,
    especificacao_de,
    exigidos_pelos_valores,
    valor_federal,
)
from cotas.motor.minimo import eleva_o_minimo, percentual_do_edital, referencia_do_edital
from cotas.motor.razoes import Referencia

if TYPE_CHECKING:
    from cotas.motor.pcd_no_total import ReservaPcdNoTotal
    from cotas.motor.regras_do_edital import RegrasDoEdital


@dataclass(frozen=True)
class RegraGrupo:
    """Um grupo com reserva: percentual, limiar, arredondamento, teto e elegibilidade."""

    nome: str  # "negros", "pcd", ...
    rotulo: str  # "negros (pretos e pardos)"
    percentual: Fraction
    arredondamento: Arredondamento
    limiar: int = 0
    teto: Fraction | None = None  # % máximo das vagas (PcD: docs/INTERPRETACAO.md#reserva-pcd)
    fracao_entre_lotes: FracaoEntreLotes = FracaoEntreLotes.TOTAL_ACUMULADO
    base_do_limiar: BaseDoLimiar = BaseDoLimiar.TODAS_OFERTADAS
    migracao: tuple[str, ...] = ()  # grupos que recebem a vaga antes de reverter à ampla
    # as cores sem as quais não há direito (vazio: não há critério de cor, ou uma alternativa
    # o dispensa); o critério inteiro é `elegibilidade` (`cotas.motor.elegibilidade`)
    cores: tuple[str, ...] = ()
    # `<grupo>.elegibilidade` da lei (None: só a cor, `cores`)
    elegibilidade_da_lei: Elegibilidade | None = None
    # "heteroidentificacao" (a comissão), "documental" ou "nenhuma" (`<grupo>.verificacao`)
    verificacao: str = "nenhuma"
    declaracao: DeclaracaoGrupo | None = None  # as colunas do grupo (None: o grupo do edital)
    referencias: Mapping[str, Referencia] = field(default_factory=dict)
    # Uma reserva conjunta do edital (`cotas.motor.regras_do_edital`): os grupos da lei que ela
    # junta numa lista só e se as vagas dela se dividem entre eles pela conta de cada um.
    membros: tuple[RegraGrupo, ...] = ()
    divisao: bool = False
    # A reserva PcD que o edital conta no total das vagas dele e coloca nos cargos
    # (`cotas.motor.pcd_no_total`): cada cargo tem as vagas colocadas nele, não a conta dele.
    no_total: ReservaPcdNoTotal | None = None

    @property
    def verificado(self) -> bool:
        return self.verificacao != "nenhuma"

    @functools.cached_property
    def elegibilidade(self) -> Elegibilidade:
        """O critério do direito à reserva: o da lei, ou só a cor."""
        if self.elegibilidade_da_lei is not None:
            return self.elegibilidade_da_lei
        return Elegibilidade.so_a_cor(self.cores)

    def ref(self, chave: str) -> tuple[Referencia, ...]:
        r = self.referencias.get(chave)
        refs: tuple[Referencia, ...] = (r,) if r else ()
        # O percentual que o edital eleva acima do mínimo da lei: o item do edital e o artigo
        # do mínimo, juntos.
        if chave == "percentual" and "minimo" in self.referencias:
            refs += (self.referencias["minimo"],)
        # A reserva PcD no total do edital: o item da conta e o da colocação nos cargos.
        if chave == "percentual" and "colocacao" in self.referencias:
            refs += tuple(r for r in (self.referencias["colocacao"],) if r not in refs)
        # A conjunta cita o item do edital e o percentual de cada grupo que ela junta.
        if chave == "percentual":
            for membro in self.membros:
                refs += tuple(r for r in membro.ref(chave) if r not in refs)
        return refs


@dataclass(frozen=True)
class RegraComissao:
    """Heteroidentificação (parâmetros `heteroidentificacao.*` da lei): a comissão, a regra de
    decisão, a filmagem e os recursos (a decisão e a composição: `cotas.motor.comissao`)."""

    membros: int
    nao_reconhecido: str  # "ampla" ou "eliminado" (docs/INTERPRETACAO.md#nao-reconhecido)
    posse_apos_parecer: bool
    referencias: Mapping[str, Referencia]
    decisao: str  # "maioria", "fracao" ou "unanimidade" (`decisao`)
    decisao_base: str  # "membros", "presentes" ou "votos"
    decisao_percentual: Fraction | None  # com decisao = "fracao"
    registro_audiovisual: bool
    recusa_filmagem: str | None  # destino de quem recusa a filmagem (None: não há filmagem)
    composicao_distribuida: tuple[str, ...]  # "genero", "cor"
    composicao_minimo: Fraction | None  # % mínimo dos integrantes com estas cores:
    composicao_minimo_cores: tuple[str, ...]
    recorrentes: tuple[str, ...]  # "candidato", "terceiro"
    recurso_prazo_dias: int | None  # None: a lei não fixa prazo

    @property
    def destino_do_nao_reconhecido(self) -> str:
        """O que acontece a quem não é reconhecido, falta ou se recusa, pela regra da lei."""
        return _DESTINOS[self.nao_reconhecido]

    def destino(self, resultado: str) -> str:
        """O que acontece a quem tem este resultado negativo (a recusa da filmagem pode ter
        destino próprio, `recusa_filmagem`)."""
        return _DESTINOS[self._destino(resultado)]

    def destino_curto(self, resultado: str) -> str:
        """O destino como a tabela da ata o escreve: "segue na ampla concorrência"."""
        return _DESTINOS_CURTOS[self._destino(resultado)]

    def elimina(self, resultado: str) -> bool:
        return self._destino(resultado) == "eliminado"

    @property
    def pode_eliminar(self) -> bool:
        return "eliminado" in (self.nao_reconhecido, self.recusa_filmagem)

    def chave_do_destino(self, resultado: str) -> str:
        """O parâmetro cujo dispositivo funda o destino deste resultado."""
        if resultado == "recusou_filmagem" and self.recusa_filmagem is not None:
            return "recusa_filmagem"
        return "nao_reconhecido"

    def _destino(self, resultado: str) -> str:
        if resultado == "recusou_filmagem" and self.recusa_filmagem is not None:
            return self.recusa_filmagem
        return self.nao_reconhecido

    def ref(self, chave: str) -> tuple[Referencia, ...]:
        """O dispositivo do parâmetro `heteroidentificacao.<chave>`, se a lei o traz."""
        r = self.referencias.get(chave)
        return (r,) if r else ()

    def refs(self, *chaves: str) -> tuple[Referencia, ...]:
        """Os dispositivos dos parâmetros, sem repetir o mesmo artigo (o primeiro o traz)."""
        saida: dict[tuple[str, str], Referencia] = {}
        for chave in chaves:
            for r in self.ref(chave):
                saida.setdefault((r.norma, r.artigo), r)
        return tuple(saida.values())


_DESTINOS_CURTOS = {"ampla": "segue na ampla concorrência", "eliminado": "eliminado(a) do concurso"}
_DESTINOS = {
    "ampla": "segue concorrendo às vagas de ampla concorrência",
    "eliminado": "é eliminado do concurso",
}


@dataclass(frozen=True)
class RegraFalsidade:
    """A anulação por declaração falsa que a lei prevê: o efeito com as palavras dela (ou, num
    parâmetro informado pelo operador, a remissão ao que ele informou)."""

    efeito: str
    efeito_se_nomeado: str


@dataclass(frozen=True)
class ParametrosPcd:
    """Reserva a pessoas com deficiência, do edital (não das leis municipais).

    Padrões: 5%, fração sempre para cima, nunca acima de 20% das vagas
    (docs/INTERPRETACAO.md#reserva-pcd; os dispositivos federais em
    `cotas/leis/dispositivos-federais.toml`).
    """

    percentual: Decimal = Decimal(5)
    arredondamento: str = "cima"
    teto: Decimal = Decimal(20)
    limiar: int = 0


# Quem cita um valor que a lei deixa em aberto: o operador, com a justificativa dele (o item do
# edital, o regulamento), nunca sob o nome da lei.
INFORMADO_PELO_OPERADOR = "Valor informado pelo operador"

REF_PCD_ARREDONDAMENTO = dispositivo_federal("pcd_arredondamento")
REF_PCD_TETO = dispositivo_federal("pcd_teto")
REF_PCD_EDITAL = Referencia(
    "Edital", "reserva a pessoas com deficiência", "Percentual de vagas fixado pelo edital."
)
REF_PCD_EDITAL_REGRAS = Referencia(
    "Edital",
    "reserva a pessoas com deficiência",
    "Regras do edital para a reserva a pessoas com deficiência (as leis municipais tratam só da "
    "reserva a negros).",
)
REF_IDOSO = dispositivo_federal("idoso_desempate")
# Quem é pessoa idosa (o desempate pela idade só vale para ela).
REF_IDOSO_IDADE = dispositivo_federal("idoso_idade")
IDADE_IDOSO = valor_federal("idoso_idade")


@dataclass(frozen=True)
class Regras:
    """Tudo o que o motor precisa saber da lei aplicável a um certame."""

    lei: Lei
    data_edital: date
    tipo: TipoSelecao
    grupos: tuple[RegraGrupo, ...]
    comissao: RegraComissao | None
    referencias: Mapping[str, Referencia]  # dispositivos gerais (alternância, falsidade...)
    informados: Mapping[str, object] = field(default_factory=dict)
    falsidade: RegraFalsidade | None = None  # None: a lei não prevê a anulação
    # Quem pode concorrer por mais de um grupo da lei: "todos" ou só o de "maior_percentual"
    candidato_em_varios: str = "todos"
    referencia_varios: Referencia | None = None
    # As regras do edital (a ordem publicada, as reservas conjuntas, os destinos, os sorteios:
    # `cotas.motor.regras_do_edital.aplicar`) e as listas conjuntas que elas criam.
    do_edital: RegrasDoEdital | None = None
    conjuntas: tuple[RegraGrupo, ...] = ()

    @property
    def grupos_da_lei(self) -> tuple[RegraGrupo, ...]:
        """Os grupos que a lei declara (sem o do edital, PcD)."""
        return tuple(g for g in self.grupos if g.declaracao is not None)

    @functools.cached_property
    def grupos_do_plano(self) -> tuple[RegraGrupo, ...]:
        """As listas que a ordem das vagas conta: cada grupo, salvo os de uma reserva conjunta
        do edital, que contam juntos, como a conjunta, no lugar do primeiro deles."""
        saida: list[RegraGrupo] = []
        for g in self.grupos:
            conjunta = next((c for c in self.conjuntas if g in c.membros), g)
            if conjunta not in saida:
                saida.append(conjunta)
        return tuple(saida)

    @property
    def listas_do_plano(self) -> tuple[str, ...]:
        return tuple(g.nome for g in self.grupos_do_plano)

    @property
    def listas_reservadas(self) -> tuple[str, ...]:
        """Todas as listas reservadas do certame: as dos grupos e as conjuntas do edital."""
        return (*(g.nome for g in self.grupos), *(c.nome for c in self.conjuntas))

    def conjunta_de(self, grupo: str) -> RegraGrupo | None:
        """A reserva conjunta que junta o grupo (None: ele conta sozinho)."""
        return next((c for c in self.conjuntas if any(m.nome == grupo for m in c.membros)), None)

    @functools.cached_property
    def _por_nome(self) -> dict[str, RegraGrupo]:
        return {g.nome: g for g in (*self.grupos, *self.conjuntas)}

    def grupo(self, nome: str) -> RegraGrupo | None:
        return self._por_nome.get(nome)

    def ref(self, chave: str) -> tuple[Referencia, ...]:
        r = self.referencias.get(chave)
        return (r,) if r else ()

    def fundamentos_da_lei_aplicavel(self) -> tuple[Referencia, ...]:
        """Por que esta lei rege o certame: a sua vigência e, numa lei revogada, a regra da
        revogadora que a mantém para os editais publicados antes dela."""
        return self.lei.fundamentos_vigencia(self.data_edital)

    def citacao_da_lei_aplicavel(self) -> str:
        return "; ".join(r.citacao() for r in self.fundamentos_da_lei_aplicavel())


def lei_aplicavel(catalogo: Catalogo, municipio: str, data_edital: date) -> Lei:
    """A lei do ente (município, estado ou ente federal) em vigor na data do edital."""
    leis = catalogo.do_municipio(municipio)
    if not leis:
        raise NenhumaLeiAplicavel(
            f"Nenhuma lei modelada para '{municipio}'; entes conhecidos (municípios, estados e "
            "ente federal): "
            f"{', '.join(catalogo.municipios())}."
        )
    for lei in leis:
        if lei.vige_em(data_edital):
            return lei
    for lei in leis:  # num intervalo sem lei entre o fim e a prorrogação que veio depois dele
        if lei.lacuna_em(data_edital) is not None:
            raise NenhumaLeiAplicavel(lei.fora_da_vigencia(data_edital))
    ultima = leis[-1]
    if ultima.vigencia_fim is not None and data_edital > ultima.vigencia_fim:
        fim = ultima.referencia_revogacao or ultima.referencia_vigencia
        raise NenhumaLeiAplicavel(
            f"O edital de {data_edital:%d/%m/%Y} é posterior ao fim da vigência de "
            f"{ultima.titulo}, em {ultima.vigencia_fim:%d/%m/%Y} ({fim.citacao()}), e nenhuma "
            f"lei modelada para {ultima.municipio} vige nessa data."
        )
    primeira = leis[0]
    raise NenhumaLeiAplicavel(
        f"O edital de {data_edital:%d/%m/%Y} é anterior a qualquer lei modelada para "
        f"{primeira.municipio}: a mais antiga, {primeira.titulo}, vige desde "
        f"{primeira.vigencia_inicio:%d/%m/%Y} e não se aplica a editais publicados antes "
        f"({primeira.referencia_vigencia.citacao()})."
    )


def regras_aplicaveis(
    catalogo: Catalogo,
    *,
    data_edital: date,
    tipo: TipoSelecao | str = TipoSelecao.CONCURSO_PUBLICO,
    municipio: str | None = None,
    lei_id: str | None = None,
    pcd: ParametrosPcd | None = None,
    informados: Mapping[str, object] | None = None,
    orgao: Orgao | str | None = None,
    usados: Collection[str] | None = None,
) -> Regras:
    """As regras do certame: a lei em vigor no edital, seus parâmetros e os do edital (PcD).

    `informados` traz, para uma lei com parâmetros desconhecidos (uma lei revogada de que só se
    conhece o percentual), os valores que o operador declara — com justificativa — em vez de
    adivinhar. `usados`: só estes precisam ser conhecidos (a conta da reserva ou da ordem,
    `parametros_da_contagem`); um desconhecido fora deles fica fora das regras, sem referência,
    e nada do que o lê pode ser calculado com elas (só a conta).
    """
    tipo = TipoSelecao(tipo)
    lei = _lei_do_certame(catalogo, data_edital, municipio, lei_id)
    informados = dict(informados or {})
    valores, refs = _resolver_parametros(lei, data_edital, informados, usados)
    _conferir_abrangencia(lei, tipo, valores, refs)
    _conferir_orgao(lei, tipo, None if orgao is None else Orgao(orgao), valores, refs)

    comissao_exigida = valores.get("heteroidentificacao.exigida") is True
    grupos = [_regra_do_grupo(d, valores, refs, informados, comissao_exigida) for d in lei.grupos]
    _conferir_total(grupos, valores, refs)
    if pcd is not None:
        grupos.append(regra_pcd(pcd))

    comissao = None
    # A comissão com valores em aberto fora dos `usados` (a conta da reserva não a lê) fica fora
    # das regras, como todo desconhecido fora da conta.
    if comissao_exigida and all(
        valores.get("heteroidentificacao." + chave) is not None for chave in _COMISSAO_ESSENCIAL
    ):
        comissao = _regra_comissao(lei, valores, refs)
    gerais = _conhecidas(
        {
            "alternancia": refs.get("ordem.alternancia_proporcionalidade"),
            "falsidade": refs.get("falsidade.anulacao"),
            "vigencia": lei.referencia_vigencia,
        }
    )
    if "falsidade.encaminhamento" in refs:
        gerais["encaminhamento"] = refs["falsidade.encaminhamento"]
    return Regras(
        lei=lei,
        data_edital=data_edital,
        tipo=tipo,
        grupos=tuple(grupos),
        comissao=comissao,
        referencias=gerais,
        informados=informados,
        falsidade=_falsidade(
            lei, valores.get("falsidade.anulacao"), refs.get("falsidade.anulacao")
        ),
        candidato_em_varios=str(valores.get("grupos.candidato_em_varios", "todos")),
        referencia_varios=refs.get("grupos.candidato_em_varios"),
    )


def _lei_do_certame(
    catalogo: Catalogo, data_edital: date, municipio: str | None, lei_id: str | None
) -> Lei:
    """A lei nomeada pelo certame (que deve viger no edital) ou a do município na data."""
    if lei_id is not None:
        lei = catalogo.lei(lei_id)
        if not lei.vige_em(data_edital):
            raise NenhumaLeiAplicavel(lei.fora_da_vigencia(data_edital))
        return lei
    if municipio is not None:
        return lei_aplicavel(catalogo, municipio, data_edital)
    raise NenhumaLeiAplicavel("Informe o município ou a lei do certame.")


def _conferir_abrangencia(
    lei: Lei, tipo: TipoSelecao, valores: Mapping[str, object], refs: Mapping[str, Referencia]
) -> None:
    abrangencia = valores.get("abrangencia")  # (None: em aberto e fora da conta)
    assert abrangencia is None or isinstance(abrangencia, tuple)
    if abrangencia is not None and tipo.value not in abrangencia:
        raise SelecaoNaoAbrangida(
            f"{lei.titulo} não abrange {tipo.descricao()}: aplica-se a "
            f"{', '.join(TipoSelecao(t).descricao() for t in abrangencia)} "
            f"({refs['abrangencia'].citacao()})."
        )


def regra_pcd(pcd: ParametrosPcd) -> RegraGrupo:
    """A reserva para pessoas com deficiência, como o edital a fixa."""
    teto = fracao(pcd.teto)
    if not 0 < fracao(pcd.percentual) <= 100 or not 0 < teto <= 100:
        raise LeiInvalida("Percentual e teto da reserva PcD devem estar entre 0 e 100.")
    arredondamento = Arredondamento.do_edital(pcd.arredondamento)
    return RegraGrupo(
        nome=PCD,
        rotulo="pessoas com deficiência",
        percentual=fracao(pcd.percentual),
        arredondamento=arredondamento,
        limiar=pcd.limiar,
        teto=teto,
        # O decreto e a lei federal só fundamentam o arredondamento e o teto quando o
        # edital segue o que eles dizem (sempre para cima; até 20%); fora disso, e na
        # reversão e na desistência (as leis municipais só falam de negros), é o edital.
        referencias={
            "percentual": REF_PCD_EDITAL,
            "arredondamento": (
                REF_PCD_ARREDONDAMENTO
                if arredondamento is Arredondamento.CIMA
                else REF_PCD_EDITAL_REGRAS
            ),
            "teto": REF_PCD_TETO if teto == 20 else REF_PCD_EDITAL_REGRAS,
            "reversao": REF_PCD_EDITAL_REGRAS,
            "desistencia": REF_PCD_EDITAL_REGRAS,
        },
    )


def _conferir_orgao(
    lei: Lei,
    tipo: TipoSelecao,
    orgao: Orgao | None,
    valores: Mapping[str, object],
    refs: Mapping[str, Referencia],
) -> None:
    """O órgão que faz a seleção está entre os que a lei abrange nesse tipo de seleção
    (`orgaos.<tipo>`; sem o parâmetro, a lei abrange todos os do ente). Sem o órgão informado,
    nada a conferir (quem lê o cenário o exige quando a lei restringe)."""
    chave = f"orgaos.{tipo.value}"
    abrangidos = valores.get(chave)
    if orgao is None or abrangidos is None:
        return
    assert isinstance(abrangidos, tuple)
    if orgao.value not in abrangidos:
        raise SelecaoNaoAbrangida(
            f"{lei.titulo} não abrange {tipo.descricao()} de {orgao.descricao()}: "
            f"aplica-se a {', '.join(Orgao(o).descricao() for o in abrangidos)} "
            f"({refs[chave].citacao()})."
        )


def orgaos_abrangidos(lei: Lei, tipo: TipoSelecao | str, dia: date) -> tuple[str, ...] | None:
    """Os órgãos que a lei abrange no tipo de seleção, se ela os restringe (None: todos)."""
    parametro = lei.parametros.get(f"orgaos.{TipoSelecao(tipo).value}")
    valor = parametro.em(dia) if parametro is not None else None
    return None if valor is None else tuple(valor.valor)


def _conferir_total(
    grupos: list[RegraGrupo], valores: Mapping[str, object], refs: Mapping[str, Referencia]
) -> None:
    """A soma dos percentuais dos grupos é o total que a lei reserva ao conjunto deles
    (`grupos.percentual_total`), quando ela o fixa e deixa a divisão a um regulamento."""
    if "grupos.percentual_total" not in valores:
        return
    total = fracao(str(valores["grupos.percentual_total"]))
    soma = sum((g.percentual for g in grupos), Fraction(0))
    if soma != total:
        partes = " + ".join(f"{_pct(g.percentual)} ({g.rotulo})" for g in grupos)
        raise LeiInvalida(
            f"Os percentuais dos grupos somam {_pct(soma)} ({partes}), mas a lei reserva "
            f"{_pct(total)} ao conjunto deles ({refs['grupos.percentual_total'].citacao()})."
        )


def _pct(valor: Fraction) -> str:
    """O percentual como se escreve ("29%", "2,5%"), sem passar por ponto flutuante."""
    decimal = Decimal(valor.numerator) / Decimal(valor.denominator)
    return format(decimal.normalize(), "f").replace(".", ",") + "%"


def _regra_do_grupo(
    declaracao: DeclaracaoGrupo,
    valores: Mapping[str, object],
    refs: Mapping[str, Referencia],
    informados: Mapping[str, object],
    comissao_exigida: bool,
) -> RegraGrupo:
    """A regra de um grupo declarado pela lei, dos seus parâmetros `<grupo>.<chave>`."""
    g = declaracao.nome

    def ref(chave: str, como: str | None = None) -> dict[str, Referencia]:
        # (Um parâmetro em aberto fora da conta, `usados`, não tem referência.)
        r = refs.get(f"{g}.{chave}")
        return {} if r is None else {como or chave: r}

    cores = valores.get(f"{g}.cores", ())
    assert isinstance(cores, tuple)
    elegibilidade = valores.get(f"{g}.elegibilidade")
    assert elegibilidade is None or isinstance(elegibilidade, Elegibilidade)
    if elegibilidade is not None:
        cores = elegibilidade.cores_exigidas
    reversao = valores.get(f"{g}.reversao", ())  # (em aberto e fora da conta: nenhuma)
    assert isinstance(reversao, tuple)
    # Sem `<grupo>.verificacao`, a lei de um grupo só verifica pela comissão quando a exige.
    padrao = "heteroidentificacao" if comissao_exigida else "nenhuma"
    referencias = {
        **ref("percentual"),
        **ref("limiar_vagas", "limiar"),
        **ref("arredondamento"),
        **ref("fracao_entre_lotes"),
        **({"elegibilidade": refs[f"{g}.cores"]} if f"{g}.cores" in refs else {}),
        **ref("elegibilidade"),
        **ref("concorrencia_concomitante", "concorrencia"),
        **ref("desistencia"),
        **ref("reversao"),
        **ref("verificacao"),
        **_minimo_elevado_pelo_edital(g, refs),
    }
    return RegraGrupo(
        nome=g,
        rotulo=no_meio_da_frase(declaracao.rotulo),
        percentual=fracao(str(valores[f"{g}.percentual"])),
        arredondamento=Arredondamento(str(valores[f"{g}.arredondamento"])),
        limiar=int(str(valores[f"{g}.limiar_vagas"])),
        fracao_entre_lotes=FracaoEntreLotes(
            str(valores.get(f"{g}.fracao_entre_lotes", FracaoEntreLotes.TOTAL_ACUMULADO.value))
        ),
        cores=tuple(str(c) for c in cores),
        elegibilidade_da_lei=elegibilidade,
        base_do_limiar=BaseDoLimiar(
            str(_valor_informado(informados, f"{g}.base_do_limiar", BaseDoLimiar.TODAS_OFERTADAS))
        ),
        migracao=tuple(d for d in reversao if d != AMPLA),
        verificacao=str(valores.get(f"{g}.verificacao", padrao)),
        declaracao=declaracao,
        referencias=referencias,
    )


def _minimo_elevado_pelo_edital(
    grupo: str, refs: Mapping[str, Referencia]
) -> dict[str, Referencia]:
    """O artigo do mínimo da lei, quando quem cita o percentual é um edital que o elevou (o
    operador que o eleva já o cita sob o nome da lei: `minimo.percentual_do_edital`)."""
    minimo = refs.get(f"{grupo}.percentual_minimo")
    percentual = refs.get(f"{grupo}.percentual")
    if minimo is None or percentual is None or percentual.norma == minimo.norma:
        return {}
    return {"minimo": minimo}


# O que a regra da comissão não pode deixar de ter (os demais valores são opcionais nela).
_COMISSAO_ESSENCIAL = ("membros", "nao_reconhecido", "decisao", "decisao_base")


def _regra_comissao(
    lei: Lei, valores: Mapping[str, object], refs: Mapping[str, Referencia]
) -> RegraComissao:
    """A comissão com os valores da lei ou os informados (`_resolver_parametros` conferiu que
    cada parâmetro exigido está lá, também os exigidos por outro valor: `EXIGIDOS_SE`)."""

    def v(chave: str) -> object:
        return valores.get("heteroidentificacao." + chave)

    def percentual(chave: str) -> Fraction | None:
        bruto = v(chave)
        return None if bruto is None else fracao(str(bruto))

    def lista(chave: str) -> tuple[str, ...]:
        bruto = v(chave)
        return tuple(str(x) for x in bruto) if isinstance(bruto, tuple | list) else ()

    prazo = v("recurso_prazo_dias")
    return RegraComissao(
        membros=int(str(v("membros"))),
        nao_reconhecido=str(v("nao_reconhecido")),
        posse_apos_parecer=bool(v("posse_apos_parecer")),
        decisao=str(v("decisao")),
        decisao_base=str(v("decisao_base")),
        decisao_percentual=percentual("decisao_percentual"),
        registro_audiovisual=v("registro_audiovisual") is True,
        recusa_filmagem=str(v("recusa_filmagem")) if v("registro_audiovisual") is True else None,
        composicao_distribuida=lista("composicao_distribuida"),
        composicao_minimo=percentual("composicao_minimo"),
        composicao_minimo_cores=lista("composicao_minimo_cores"),
        recorrentes=lista("recorrentes"),
        recurso_prazo_dias=None if prazo is None else int(str(prazo)),
        referencias={
            nome.removeprefix("heteroidentificacao."): ref
            for nome, ref in refs.items()
            if nome.startswith("heteroidentificacao.")
        },
    )


def _falsidade(lei: Lei, prevista: object, ref: Referencia | None) -> RegraFalsidade | None:
    if prevista is not True or ref is None:
        return None
    if lei.efeitos_falsidade is not None:
        return RegraFalsidade(*lei.efeitos_falsidade)
    remissao = f"anulada a inscrição, com o efeito previsto em {ref.citacao()}: {ref.texto}"
    return RegraFalsidade(remissao, remissao)


# Questões abertas que o operador pode decidir por certame, para cada grupo da lei (as demais
# vêm da lei): `<grupo>.<questão>`.
QUESTOES_ABERTAS_DO_GRUPO = {"base_do_limiar": tuple(b.value for b in BaseDoLimiar)}


def _questao_aberta(lei: Lei, nome: str) -> tuple[str, ...] | None:
    grupo, _, chave = nome.partition(".")
    if any(g.nome == grupo for g in lei.grupos):
        return QUESTOES_ABERTAS_DO_GRUPO.get(chave)
    return None


def questoes_abertas(lei: Lei) -> dict[str, tuple[str, ...]]:
    """As questões abertas de um certame sob a lei, com as respostas aceitas."""
    return {
        f"{g.nome}.{chave}": opcoes
        for g in lei.grupos
        for chave, opcoes in QUESTOES_ABERTAS_DO_GRUPO.items()
    }


def _valor_informado(informados: Mapping[str, object], nome: str, padrao: object) -> object:
    bruto = informados.get(nome, padrao)
    if isinstance(bruto, Mapping):
        bruto = bruto.get("valor", padrao)
    return bruto


def _da_comissao(nome: str) -> bool:
    espec = ESPECIFICACOES.get(nome)
    return espec is not None and espec.so_com_comissao


def _informado(lei: Lei, nome: str, bruto: object) -> tuple[object, Referencia]:
    """O valor de uma lacuna da lei informado pelo operador, conferido, e a referência que o
    registra como tal (com a justificativa dada)."""
    valor, justificativa = conferir_informado(lei, nome, bruto, "sem justificativa")
    do_edital = referencia_do_edital(bruto)
    if do_edital is not None:  # (o item do edital que diz o valor: citado como do edital)
        return valor, do_edital
    # (A justificativa vai na citação: é o que a sustenta, e quem lê a nomeação a vê. A norma
    # citada é o operador, não a lei: a lei não diz o valor, o edital ou o operador o diz.)
    return valor, Referencia(INFORMADO_PELO_OPERADOR, justificativa, justificativa)


def _obrigatorio(lei: Lei, nome: str) -> bool:
    espec = especificacao_de(nome, [g.nome for g in lei.grupos])
    return espec is None or espec.obrigatorio


def _conhecidas(refs: Mapping[str, Referencia | None]) -> dict[str, Referencia]:
    """As referências dos parâmetros resolvidos (um em aberto fora da conta não tem)."""
    return {chave: ref for chave, ref in refs.items() if ref is not None}


# O que cada conta da linha de comando lê da lei: o percentual, o mínimo de vagas e o
# arredondamento de cada grupo; a ordem de nomeação, também a alternância e proporcionalidade.
_CHAVES_DA_RESERVA = ("percentual", "limiar_vagas", "arredondamento")
_PARAMETROS_DA_ORDEM = ("ordem.alternancia_proporcionalidade",)


def parametros_da_contagem(lei: Lei, *, ordem: bool) -> frozenset[str]:
    """Os parâmetros da lei que a conta da reserva (ou, com `ordem`, a ordem de nomeação) de
    um lote de vagas usa; só eles precisam ser conhecidos para `regras_aplicaveis(usados=...)`."""
    usados = {f"{g.nome}.{chave}" for g in lei.grupos for chave in _CHAVES_DA_RESERVA}
    return frozenset(usados | (set(_PARAMETROS_DA_ORDEM) if ordem else set()))


def _faltam_para(
    faltam: list[str], usados: Collection[str] | None, informados: Mapping[str, object]
) -> list[str]:
    """Dos parâmetros em aberto, os que a conta pede: todos, ou só os `usados` (e os da
    comissão, quando o operador informa que ela existe: quem a declara diz como funciona)."""
    if usados is None:
        return faltam
    comissao = informados.get("heteroidentificacao.exigida") is not None
    return [n for n in faltam if n in usados or (comissao and _da_comissao(n))]


def _comissao_em_aberto(lei: Lei) -> bool:
    """Se a lei não diz se há comissão: os parâmetros da comissão também são lacunas dela (quem
    informa que há comissão informa como ela funciona)."""
    exigida = lei.parametros.get("heteroidentificacao.exigida")
    return exigida is not None and exigida.desconhecido


def conferir_informavel(lei: Lei, nome: str, dia: date, valor: object) -> None:
    """Se `nome` pode ser informado (pelo operador ou por um edital) para um edital de `dia`:
    uma questão aberta (com uma das respostas aceitas), um percentual que a lei fixa como mínimo
    (o valor se confere em `minimo.percentual_do_edital`) ou uma lacuna da lei nessa data.
    `LeiInvalida` com o que a lei fixa, se não pode."""
    aceitas = _questao_aberta(lei, nome)
    if aceitas is not None:
        if valor not in aceitas:
            opcoes = ", ".join(aceitas)
            raise LeiInvalida(f"Parâmetro informado '{nome}' deve ser um de: {opcoes}.")
        return
    if eleva_o_minimo(lei, nome, dia):
        return
    parametro = lei.parametros.get(nome)
    da_comissao = _comissao_em_aberto(lei) and parametro is None and _da_comissao(nome)
    if not da_comissao and (parametro is None or not parametro.desconhecido_em(dia)):
        fixado = parametro.em(dia) if parametro is not None else None
        por_quem = f" (fixado por {fixado.referencia.citacao()})" if fixado else ""
        raise LeiInvalida(
            f"Parâmetro informado '{nome}' não é uma lacuna de {lei.titulo} para um edital "
            f"de {dia:%d/%m/%Y}{por_quem}: só se informam os que a lei não define nessa data "
            f"({', '.join(lei.desconhecidos(dia)) or 'nenhum'}) e as questões abertas "
            f"({', '.join(questoes_abertas(lei))})."
        )


def _resolver_parametros(
    lei: Lei, dia: date, informados: Mapping[str, object], usados: Collection[str] | None = None
) -> tuple[dict[str, object], dict[str, Referencia]]:
    valores: dict[str, object] = {}
    refs: dict[str, Referencia] = {}
    faltam: list[str] = []
    comissao_em_aberto = _comissao_em_aberto(lei)
    for nome in informados:
        conferir_informavel(lei, nome, dia, _valor_informado(informados, nome, None))
    for nome, parametro in lei.parametros.items():
        if parametro.desconhecido_em(dia):
            if nome not in informados:
                # (Um parâmetro opcional que ninguém informa é como a lei sem ele; se outro
                # valor o exige, `exigidos_pelos_valores` o pede abaixo.)
                if _obrigatorio(lei, nome):
                    faltam.append(nome)
                continue
            valores[nome], refs[nome] = _informado(lei, nome, informados[nome])
            continue
        if nome in informados and eleva_o_minimo(lei, nome, dia):
            valores[nome], refs[nome] = percentual_do_edital(lei, nome, dia, informados[nome])
            continue
        valor = parametro.em(dia)
        if valor is None:
            faltam.append(nome)
            continue
        valores[nome] = valor.valor
        refs[nome] = valor.referencia
    comissao = valores.get("heteroidentificacao.exigida") is True
    for nome, espec in ESPECIFICACOES.items():
        if espec.so_com_comissao and comissao and nome not in valores and nome not in faltam:
            if comissao_em_aberto and nome in informados:
                valores[nome], refs[nome] = _informado(lei, nome, informados[nome])
            elif espec.obrigatorio:
                faltam.append(nome)
    faltam += [n for n in exigidos_pelos_valores(valores) if n not in faltam]
    faltam = _faltam_para(faltam, usados, informados)
    if faltam:
        raise ParametrosDesconhecidos(lei.id, sorted(faltam))
    return valores, refs
