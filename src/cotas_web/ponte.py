"""Ponte com o motor `cotas.motor`: o único módulo da aplicação web que o chama.

O banco guarda os fatos (candidatos, pareceres, ofertas de vagas, atos); o motor os reencena
na ordem dos fatos e PROPÕE as próximas nomeações, com quem, qual vaga, qual lista e por quê.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cotas.motor import candidatos as mc
from cotas.motor.erros import ErroCotas
from cotas.motor.legislacao import Catalogo, catalogo_padrao
from cotas.motor.regras import ParametrosPcd, Regras, TipoSelecao, regras_aplicaveis

if TYPE_CHECKING:
    from cotas_web.candidatos.models import Candidato
    from cotas_web.certames.models import Certame

__all__ = [
    "ErroCotas",
    "catalogo",
    "conferir_no_motor",
    "parametros_do_certame",
    "reencenar",
    "regras_do_certame",
    "regras_para",
    "reserva",
]


@lru_cache(maxsize=1)
def catalogo() -> Catalogo:
    return catalogo_padrao()


def municipios() -> list[str]:
    return list(catalogo().municipios())


def regras_para(
    *,
    municipio: str,
    data_edital: date,
    tipo: str,
    pcd_percentual: Decimal | None = None,
    pcd_arredondamento: str = "",
    pcd_teto: Decimal | None = None,
    lei_id: str | None = None,
    base_do_limiar: str = "todas_ofertadas",
) -> Regras:
    pcd = None
    if pcd_percentual is not None:
        pcd = ParametrosPcd(
            percentual=pcd_percentual,
            arredondamento=pcd_arredondamento or "cima",
            teto=pcd_teto if pcd_teto is not None else Decimal(20),
        )
    return regras_aplicaveis(
        catalogo(),
        municipio=None if lei_id else municipio,
        lei_id=lei_id,
        data_edital=data_edital,
        tipo=TipoSelecao(tipo),
        pcd=pcd,
        # A questão aberta só vai ao motor quando difere do padrão (o motor registra o valor
        # informado como fundamento).
        informados=(
            {"negros.base_do_limiar": base_do_limiar}
            if base_do_limiar != "todas_ofertadas"
            else None
        ),
    )


def regras_do_certame(certame: Certame) -> Regras:
    return regras_para(
        municipio=certame.municipio,
        data_edital=certame.data_edital,
        tipo=certame.tipo,
        pcd_percentual=certame.pcd_percentual,
        pcd_arredondamento=certame.pcd_arredondamento,
        pcd_teto=certame.pcd_teto,
        lei_id=certame.lei_id or None,
        base_do_limiar=certame.base_do_limiar,
    )


@dataclass(frozen=True)
class ArtigoLei:
    parametro: str
    descricao: str
    valor: str
    citacao: str
    texto: str


def artigos_da_lei(regras: Regras) -> list[ArtigoLei]:
    """Os parâmetros da lei em vigor na data do edital, cada um com o artigo que o fixa."""
    saida: list[ArtigoLei] = []
    for nome, parametro in regras.lei.parametros.items():
        valor = parametro.em(regras.data_edital)
        if valor is None:
            continue
        bruto: Any = valor.valor
        if isinstance(bruto, bool):
            texto_valor = "sim" if bruto else "não"
        elif isinstance(bruto, list | tuple):
            texto_valor = ", ".join(str(v) for v in bruto)
        else:
            texto_valor = str(bruto)
        saida.append(
            ArtigoLei(
                parametro=nome,
                descricao=parametro.descricao,
                valor=texto_valor,
                citacao=valor.referencia.citacao(),
                texto=valor.referencia.texto,
            )
        )
    return saida


def candidato_para_motor(c: Candidato, *, exige_comissao: bool) -> mc.Candidato:
    hetero: mc.Heteroidentificacao | None = None
    if c.heteroidentificacao:
        hetero = mc.Heteroidentificacao(c.heteroidentificacao)
    elif exige_comissao and c.reserva_negros and c.cor_raca in ("preta", "parda"):
        hetero = mc.Heteroidentificacao.PENDENTE
    return mc.Candidato(
        inscricao=c.inscricao,
        nome=c.nome,
        cargo=c.cargo.codigo,
        nota=Decimal(c.nota),
        situacao=mc.Situacao(c.situacao),
        cor_raca=mc.CorRaca(c.cor_raca) if c.cor_raca else None,
        reserva_negros=c.reserva_negros,
        pcd=c.pcd,
        heteroidentificacao=hetero,
        data_nascimento=c.data_nascimento,
        classificacao=c.classificacao,
        desempate=tuple((str(k), Decimal(str(v))) for k, v in c.desempate),
        cpf=c.cpf or None,
        opcao_lista=c.opcao_lista or None,
        linha=c.linha,
    )


# --- Reencenação do certame -------------------------------------------------------------------


@dataclass(frozen=True)
class Evento:
    data: date
    ordem_tipo: int  # 0 vagas do edital, 1 desistência/anulação, 2 novas vagas
    pk: int
    tipo: str
    cargo: str = ""
    quantidade: int = 0
    inscricao: str = ""
    justificativa: str = ""


def eventos_do_certame(certame: Certame) -> list[Evento]:
    """Os fatos registrados que mudam as nomeações, na ordem em que aconteceram."""
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import Desistencia, Nomeacao, OfertaVagas, SituacaoNomeacao

    eventos: list[Evento] = []
    for o in OfertaVagas.objects.filter(cargo__certame=certame).select_related("cargo"):
        eventos.append(
            Evento(
                o.data, 0 if o.do_edital else 2, o.pk,
                "edital" if o.do_edital else "novas_vagas",
                cargo=o.cargo.codigo, quantidade=o.quantidade, justificativa=o.justificativa,
            )
        )
    for d in Desistencia.objects.filter(candidato__certame=certame).select_related("candidato"):
        eventos.append(Evento(d.data, 1, d.pk, "desistencia", inscricao=d.candidato.inscricao))
    for n in Nomeacao.objects.filter(
        cargo__certame=certame, situacao=SituacaoNomeacao.FINAL_DE_FILA
    ).select_related("candidato"):
        assert n.encerrada_em is not None
        eventos.append(
            Evento(n.encerrada_em, 1, n.pk, "final_de_fila", inscricao=n.candidato.inscricao)
        )
    for c in Candidato.objects.filter(certame=certame, anulado_em__isnull=False):
        assert c.anulado_em is not None
        eventos.append(Evento(c.anulado_em, 1, c.pk, "anulacao", inscricao=c.inscricao))
    eventos.sort(key=lambda e: (e.data, e.ordem_tipo, e.pk))
    return eventos


def fundamento_final_de_fila(certame: Certame) -> str:
    """A base do pedido de final de fila: o item do edital que o admite (o edital decide)."""
    item = certame.final_de_fila_item.strip()
    return f"Edital, {item}: admite o pedido de final de fila." if item else (
        "Edital: admite o pedido de final de fila."
    )


def parametros_do_certame(certame: Certame) -> Any:
    from cotas.motor.certame import ParametrosCertame
    from cotas.motor.classificacao import CriterioDesempate

    return ParametrosCertame(
        prioridade_colisao=tuple(certame.prioridade_colisao.split(",")),
        permite_final_de_fila=certame.admite_final_de_fila,
        data_referencia_idade=certame.data_referencia_idade,
        criterios_desempate=tuple(
            CriterioDesempate(str(coluna), "menor" if sentido == "menor" else "maior")
            for coluna, sentido in certame.desempate
        ),
    )


def reserva(certame: Certame, regras: Regras, vagas: int) -> Any:
    """A reserva de `vagas` no certame (com a prioridade na colisão escolhida nele), com a
    memória de cálculo do motor."""
    from cotas.motor.reserva import calcular_reserva

    prioridade = parametros_do_certame(certame).prioridade_colisao
    return calcular_reserva(regras, vagas=vagas, prioridade=prioridade)


def conferir_no_motor(certame: Certame) -> None:
    """Reencena o certame com o fato que acaba de ser gravado e o recusa (`ValidationError`, com
    a mensagem do motor) se a lei não o admite; chamado dentro da transação que o gravou, desfaz
    tudo. Sem isso, um fato inadmissível (uma anulação depois da validade, uma data fora da ordem)
    deixaria o certame sem poder ser reencenado nunca mais."""
    from django.core.exceptions import ValidationError

    try:
        reencenar(certame)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro


def reencenar(certame: Certame) -> Any:
    """Reencena os fatos do certame no motor e devolve o `cotas.motor.certame.Certame`.

    Levanta `ErroCotas` (mensagem em português) se um fato contraria a lei, por exemplo uma
    nomeação depois da validade do concurso.
    """
    from cotas.motor.certame import Certame as CertameMotor
    from cotas_web.candidatos.models import Candidato

    regras = regras_do_certame(certame)
    cargos = {c.codigo: c.vagas_edital for c in certame.cargos.all()}
    eventos = eventos_do_certame(certame)
    abertura = next((e for e in eventos if e.tipo == "edital"), None)
    # Quem saiu antes da abertura das vagas nunca entra nas listas do motor.
    fora = {
        e.inscricao for e in eventos
        if e.tipo in ("desistencia", "anulacao") and (abertura is None or e.data < abertura.data)
    }
    candidatos = [
        candidato_para_motor(c, exige_comissao=certame.exige_comissao)
        for c in Candidato.objects.filter(certame=certame).select_related("cargo")
        if c.inscricao not in fora
    ]
    motor = CertameMotor(
        regras,
        cargos=cargos,
        candidatos=candidatos,
        validade_ate=certame.validade_ate,
        parametros=parametros_do_certame(certame),
    )
    if abertura is None:
        return motor
    aberto = False
    for e in eventos:
        if e.tipo == "edital":
            if not aberto:
                motor.abrir(e.data)
                aberto = True
        elif e.inscricao in fora:
            continue
        elif e.tipo == "novas_vagas":
            motor.ofertar_vagas(
                e.cargo, quantidade=e.quantidade, data=e.data, justificativa=e.justificativa
            )
        elif e.tipo == "desistencia":
            motor.desistencia(e.data, e.inscricao)
        elif e.tipo == "anulacao":
            motor.anulacao(e.data, e.inscricao)
        elif e.tipo == "final_de_fila":
            motor.final_de_fila(e.data, e.inscricao, fundamento_final_de_fila(certame))
    return motor
