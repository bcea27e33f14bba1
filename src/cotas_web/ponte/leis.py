"""A lei, o edital e as regras de um certame, como o motor os aplica: as regras da lei na data do
edital (`regras_para`, `regras_do_certame`) com os valores do edital como dado e, por cima, os
informados pelo operador (`cotas.motor.edital.sobrepor`); os parâmetros e a reserva."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from cotas.motor.certame import DuplaCondicao, ParametrosCertame
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.edital import (
    Assunto,
    Edital,
    informados_do_edital,
    sobrepor,
    valores_por_assunto,
)
from cotas.motor.edital import usados_do_edital as usados
from cotas.motor.erros import ErroCotas
from cotas.motor.glossario import PrioridadeColisao
from cotas.motor.regras import (
    IDADE_IDOSO,
    REF_IDOSO,
    BaseDoLimiar,
    ParametrosPcd,
    Regras,
    TipoSelecao,
    orgaos_abrangidos,
    regras_aplicaveis,
)
from cotas.motor.regras_do_edital import aplicar as aplicar_regras_do_edital
from cotas.motor.reserva import ReservaCargo, calcular_reserva
from cotas_web.ponte.catalogo import catalogo, lei_do_certame

if TYPE_CHECKING:
    from cotas.arquivos.esquema import Esquema
    from cotas_web.certames.models import Certame

__all__ = [
    "IDADE_IDOSO",
    "REF_IDOSO",
    "assuntos_do_edital",
    "edital_do_certame",
    "esquema_do_certame",
    "orgaos_exigidos",
    "parametros_do_certame",
    "regras_do_certame",
    "regras_para",
    "reserva",
    "usados_do_edital",
]


def regras_para(
    *,
    municipio: str,
    data_edital: date,
    tipo: str,
    pcd_percentual: Decimal | None = None,
    pcd_arredondamento: str = "",
    pcd_teto: Decimal | None = None,
    lei_id: str | None = None,
    base_do_limiar: str = BaseDoLimiar.TODAS_OFERTADAS,
    informados: Mapping[str, object] | None = None,
    orgao: str = "",
    edital: Edital | None = None,
) -> Regras:
    """As regras do certame, com os grupos que a lei declara. `orgao`: quem faz a seleção (o
    motor recusa o que a lei não abrange; vazio, não confere). `informados`: os valores que a
    lei deixa em aberto (`Lei.desconhecidos()`), cada um {"valor", "justificativa"}, como o
    operador os informou ao criar o certame. `edital`: o edital como dado, cujos valores o
    motor cita como do edital; os `informados` os substituem (a razão diz o que substituíram)."""
    pcd = None
    if pcd_percentual is not None:
        pcd = ParametrosPcd(
            percentual=pcd_percentual,
            arredondamento=pcd_arredondamento or "cima",
            teto=pcd_teto if pcd_teto is not None else Decimal(20),
        )
    valores = dict(informados or {})
    if edital is not None:
        do_edital = informados_do_edital(catalogo().lei(edital.lei), edital)
        valores = sobrepor(do_edital, valores)
    # A questão aberta só vai ao motor quando difere do padrão (o motor registra o valor
    # informado como fundamento).
    if base_do_limiar != BaseDoLimiar.TODAS_OFERTADAS:
        for g in lei_do_certame(lei_id, municipio, data_edital).grupos:
            valores[f"{g.nome}.base_do_limiar"] = base_do_limiar
    regras = regras_aplicaveis(
        catalogo(),
        municipio=None if lei_id else municipio,
        lei_id=lei_id,
        data_edital=data_edital,
        tipo=TipoSelecao(tipo),
        pcd=pcd,
        informados=valores or None,
        orgao=orgao or None,
    )
    # As regras do edital (a ordem publicada, as reservas conjuntas, os destinos da vaga PcD,
    # os sorteios), como na linha de comando; elas vão nas regras e, com elas, na chave do livro
    # guardado (`reencenacao.reencenar`).
    if edital is not None and edital.regras is not None and not edital.regras.vazias:
        regras = aplicar_regras_do_edital(regras, edital.regras)
    return regras


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
        informados=certame.informados or None,
        orgao=certame.orgao,
        edital=edital_do_certame(certame),
    )


def esquema_do_certame(certame: Certame) -> Esquema:
    """As colunas do arquivo de candidatos do certame (as dos grupos da lei, pelos nomes dela)."""
    from cotas.arquivos.esquema import esquema_do_certame as esquema

    return esquema(regras_do_certame(certame))


def orgaos_exigidos(regras: Regras) -> tuple[str, ...] | None:
    """Os órgãos que a lei do certame abrange no tipo de seleção, se ela os restringe."""
    return orgaos_abrangidos(regras.lei, regras.tipo, regras.data_edital)


def parametros_do_certame(certame: Certame) -> ParametrosCertame:
    return ParametrosCertame(
        prioridade_colisao=PrioridadeColisao(certame.prioridade_colisao).ordem,
        dupla_condicao=DuplaCondicao(certame.dupla_condicao),
        permite_final_de_fila=certame.admite_final_de_fila,
        data_referencia_idade=certame.data_referencia_idade,
        criterios_desempate=tuple(
            CriterioDesempate(str(coluna), "menor" if sentido == "menor" else "maior")
            for coluna, sentido in certame.desempate
        ),
    )


def reserva(
    certame: Certame, regras: Regras, vagas: int | list[int], cargo: str | None = None
) -> ReservaCargo:
    """A reserva de `vagas` (um número ou os lotes, em ordem) no certame (com a prioridade na
    colisão escolhida nele), com a memória de cálculo do motor; `cargo`, o código (a reserva PcD
    que o edital conta no total e coloca nos cargos o pede)."""
    prioridade = parametros_do_certame(certame).prioridade_colisao
    return calcular_reserva(regras, vagas=vagas, prioridade=prioridade, cargo=cargo)


# --- O edital como dado ------------------------------------------------------------------------


def edital_do_certame(certame: Certame) -> Edital | None:
    """O edital como dado do certame (None: o certame não o tem), lido do texto guardado com o
    modelo guardado na versão que ele usou; o sha256 do modelo lido tem de ser o gravado na
    adoção do edital."""
    if not certame.edital_texto:
        return None
    modelo = certame.modelo_de_edital
    edital = _edital_lido(
        certame.edital_arquivo or "edital.toml",
        certame.edital_texto,
        (modelo.arquivo, modelo.texto) if modelo is not None else None,
        id(catalogo()),
    )
    if edital.modelo is not None and edital.modelo.sha256 != certame.modelo_sha256:
        raise ErroCotas(
            f"O modelo {edital.modelo.chave} guardado não é o que o certame adotou (sha256 "
            f"{edital.modelo.sha256[:12]}…, adotado {(certame.modelo_sha256 or '')[:12]}…)."
        )
    return edital


@lru_cache(maxsize=64)
def _edital_lido(nome: str, texto: str, modelo: tuple[str, str] | None, _catalogo: int) -> Edital:
    """O edital lido e conferido contra a lei (o mesmo texto com o mesmo catálogo, a mesma
    leitura: guardada)."""
    from cotas.arquivos.edital import ler_edital_do_texto
    from cotas.arquivos.erros import ErrosDeEntrada

    modelos = [(modelo[0], modelo[1].encode("utf-8"))] if modelo is not None else []
    try:
        return ler_edital_do_texto(
            nome,
            texto.encode("utf-8"),
            catalogo(),
            modelos=lambda _id: modelos,
            onde="entre os modelos guardados nesta instalação",
        )
    except ErrosDeEntrada as erros:
        raise ErroCotas(f"O edital guardado no certame não pôde ser lido: {erros}") from None


def assuntos_do_edital(edital: Edital) -> list[Assunto]:
    """Os valores do edital por assunto, nas palavras da lei (`valores_por_assunto`)."""
    return valores_por_assunto(catalogo().lei(edital.lei), edital, edital.data)


def usados_do_edital(edital: Edital) -> list[str]:
    """Os valores do edital que valem como dele (o que só repete a lei vale como da lei)."""
    return usados(catalogo().lei(edital.lei), edital)
