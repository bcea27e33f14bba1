"""Ponte com o motor `cotas.motor`: o único módulo da aplicação web que o chama.

O banco guarda os fatos (candidatos, pareceres, ofertas de vagas, atos); o motor os reencena
na ordem dos fatos e PROPÕE as próximas nomeações, com quem, qual vaga, qual lista e por quê.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import polars as pl
from django.db import connection
from django.db.models import CharField, TextField
from django.db.models.functions import Cast

from cotas.motor import candidatos as mc
from cotas.motor.colunar import (
    PREFIXO_DESEMPATE,
    PREFIXO_RESERVA,
    PREFIXO_VERIFICACAO,
    TabelaCandidatos,
)
from cotas.motor.edital import Edital, informados_do_edital, sobrepor
from cotas.motor.elegibilidade import PREFIXO_CAMPO
from cotas.motor.erros import ErroCotas
from cotas.motor.legislacao import Catalogo, Lei, carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import (
    IDADE_IDOSO,
    REF_IDOSO,
    BaseDoLimiar,
    ParametrosPcd,
    RegraGrupo,
    Regras,
    TipoSelecao,
    regras_aplicaveis,
)
from cotas.motor.regras_do_edital import aplicar as aplicar_regras_do_edital
from cotas_web.auditoria.acoes import AcaoAuditada

if TYPE_CHECKING:
    from cotas_web.certames.models import Certame

__all__ = [
    "IDADE_IDOSO",
    "REF_IDOSO",
    "ErroCotas",
    "catalogo",
    "conferir_no_motor",
    "parametros_do_certame",
    "reencenar",
    "regras_do_certame",
    "regras_para",
    "reserva",
    "tabela_de_candidatos",
]

# Como a lei verifica a condição de cada grupo (`<grupo>.verificacao`).
VERIFICACAO_COMISSAO = "heteroidentificacao"
VERIFICACAO_DOCUMENTAL = "documental"


@lru_cache(maxsize=1)
def catalogo() -> Catalogo:
    """As leis do pacote e, se houver, as de `settings.COTAS_LEIS_EXTRAS` (caminhos de TOMLs: uma
    lei de teste, ou a de um ente que ainda não está no pacote)."""
    from pathlib import Path

    from django.conf import settings

    extras = [Path(p) for p in getattr(settings, "COTAS_LEIS_EXTRAS", ())]
    if not extras:
        return catalogo_padrao()
    leis = [carregar_lei(p.read_text(encoding="utf-8"), str(p)) for p in extras]
    return montar_catalogo([*catalogo_padrao().leis, *leis])


def municipios() -> list[str]:
    return list(catalogo().municipios())


def entes_por_esfera() -> list[tuple[str, list[tuple[str, str]]]]:
    """Os entes com lei no catálogo, agrupados pela esfera (a lista de escolha do certame):
    os municípios e os entes federais (`esfera`/`ente` da lei)."""
    esferas: dict[str, set[str]] = {}
    for lei in catalogo().leis:
        esferas.setdefault(getattr(lei, "esfera", "municipal"), set()).add(lei.municipio)
    nomes = {"municipal": "Municípios", "federal": "Esfera federal"}
    return [
        (nomes.get(esfera, esfera.capitalize()), [(e, e) for e in sorted(entes)])
        for esfera, entes in sorted(esferas.items(), key=lambda par: par[0] != "municipal")
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
    informados: Mapping[str, Any] | None = None,
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
    # guardado (`reencenar`).
    if edital is not None and edital.regras is not None and not edital.regras.vazias:
        regras = aplicar_regras_do_edital(regras, edital.regras)
    return regras


def lei_do_certame(lei_id: str | None, municipio: str, data_edital: date) -> Lei:
    """A lei escolhida (`lei_id`) ou, sem ela, a do município em vigor na data do edital."""
    from cotas.motor.regras import lei_aplicavel

    return catalogo().lei(lei_id) if lei_id else lei_aplicavel(catalogo(), municipio, data_edital)


def esquema_da_lei(lei: Lei) -> Any:
    """As colunas do arquivo de candidatos pela declaração da lei (antes de o certame existir)."""
    from cotas.arquivos.esquema import grupos_da_lei_no_arquivo, montar_esquema

    return montar_esquema(grupos_da_lei_no_arquivo(lei))


def esquema_do_certame(certame: Certame) -> Any:
    """As colunas do arquivo de candidatos do certame (as dos grupos da lei, pelos nomes dela)."""
    from cotas.arquivos.esquema import esquema_do_certame as esquema

    return esquema(regras_do_certame(certame))


def grupos_da_comissao(regras: Regras) -> tuple[RegraGrupo, ...]:
    """Os grupos da lei que a comissão de heteroidentificação verifica (os demais grupos
    verificados o são por análise documental, registrada pelo RH)."""
    return tuple(g for g in regras.grupos_da_lei if g.verificacao == VERIFICACAO_COMISSAO)


def grupos_documentais(regras: Regras) -> tuple[RegraGrupo, ...]:
    return tuple(g for g in regras.grupos_da_lei if g.verificacao == VERIFICACAO_DOCUMENTAL)


def grupo_da_comissao(regras: Regras) -> RegraGrupo | None:
    """O grupo que a comissão verifica (as sessões, convocações e pareceres são dele); None se
    a lei não verifica grupo algum por comissão. Uma lei com dois grupos verificados por
    comissão pede sessões por grupo: recusada com a mensagem, até existir."""
    grupos = grupos_da_comissao(regras)
    if len(grupos) > 1:
        raise ErroCotas(
            f"{regras.lei.titulo} verifica por comissão {len(grupos)} grupos "
            f"({', '.join(g.rotulo for g in grupos)}); a aplicação web mantém, por enquanto, "
            "sessões da comissão de um grupo só. Use a linha de comando (cotas apurar)."
        )
    return grupos[0] if grupos else None


@dataclass(frozen=True)
class GrupoNaTela:
    """Um grupo da lei como as telas o mostram: o nome (a chave interna), o rótulo da lei no
    meio da frase, como ela o verifica e as cores que dão direito (vazio: sem critério de cor)."""

    nome: str
    rotulo: str
    verificacao: str
    cores: tuple[str, ...]

    @property
    def verificado(self) -> bool:
        return self.verificacao != "nenhuma"

    @property
    def por_comissao(self) -> bool:
        return self.verificacao == VERIFICACAO_COMISSAO

    @property
    def documental(self) -> bool:
        return self.verificacao == VERIFICACAO_DOCUMENTAL


@dataclass(frozen=True)
class FormaDaLacuna:
    """Como a tela pede o valor de um parâmetro que a lei deixa em aberto: o tipo do campo e,
    nos de escolha, as opções (valor, rótulo). Na reversão, cada opção é uma ordem dos outros
    grupos da lei terminada na ampla, com o valor como os códigos separados por vírgula."""

    tipo: str
    opcoes: tuple[tuple[str, str], ...] = ()


def forma_da_lacuna(lei: Lei, nome: str) -> FormaDaLacuna:
    from itertools import permutations

    from cotas.motor.legislacao import especificacao_de
    from cotas_web.rotulos import por_extenso

    espec = especificacao_de(nome, [g.nome for g in lei.grupos])
    assert espec is not None
    forma = espec.forma
    if forma.tipo != "reversao":
        return FormaDaLacuna(forma.tipo, tuple((o, por_extenso(o)) for o in forma.opcoes))
    grupo = nome.partition(".")[0]
    outros = [g.nome for g in lei.grupos if g.nome != grupo]
    ordens = [("ampla",)] + [
        (*ordem, "ampla") for n in range(1, len(outros) + 1) for ordem in permutations(outros, n)
    ]
    return FormaDaLacuna(
        "reversao",
        tuple((",".join(o), " → ".join(por_extenso(x) for x in o)) for o in ordens),
    )


def rotulo_do_grupo(nome: str) -> str:
    """O rótulo que a lei dá ao grupo, no meio da frase."""
    from cotas.motor.glossario import no_meio_da_frase

    return no_meio_da_frase(nome)


def grupos_na_tela(regras: Regras) -> tuple[GrupoNaTela, ...]:
    return tuple(
        GrupoNaTela(g.nome, rotulo_do_grupo(g.nome), g.verificacao, tuple(g.cores))
        for g in regras.grupos_da_lei
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
        informados=certame.informados or None,
        orgao=certame.orgao,
        edital=edital_do_certame(certame),
    )


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


def assuntos_do_edital(edital: Edital) -> list[Any]:
    """Os valores do edital por assunto, nas palavras da lei (`valores_por_assunto`)."""
    from cotas.motor.edital import valores_por_assunto

    return valores_por_assunto(catalogo().lei(edital.lei), edital, edital.data)


def usados_do_edital(edital: Edital) -> list[str]:
    """Os valores do edital que valem como dele (o que só repete a lei vale como da lei)."""
    from cotas.motor.edital import usados_do_edital as usados

    return usados(catalogo().lei(edital.lei), edital)


def orgaos_exigidos(regras: Regras) -> tuple[str, ...] | None:
    """Os órgãos que a lei do certame abrange no tipo de seleção, se ela os restringe."""
    from cotas.motor.regras import orgaos_abrangidos

    return orgaos_abrangidos(regras.lei, regras.tipo, regras.data_edital)


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


# --- Candidatos em colunas ----------------------------------------------------------------------

# Colunas lidas do banco, na ordem do SELECT; o tipo de cada uma no quadro do motor. A nota sai
# como texto (CAST), decimal exato nos dois bancos ("7.5" no SQLite, "7.5000" no PostgreSQL). A
# data sai como data no PostgreSQL e como texto AAAA-MM-DD no SQLite (convertido aqui).
_COLUNAS_DO_BANCO: tuple[tuple[str, Any], ...] = (
    ("id", pl.Int64),
    ("linha", pl.Int64),
    ("inscricao", pl.String),
    ("nome", pl.String),
    ("cargo__codigo", pl.String),
    ("nota", pl.String),
    ("situacao", pl.String),
    ("cor_raca", pl.String),
    ("reservas", pl.String),  # JSON: os grupos da lei pelos quais optou
    ("pcd", pl.Boolean),
    ("verificacoes", pl.String),  # JSON: {grupo: resultado da verificação}
    ("data_nascimento", pl.Date),
    ("classificacao", pl.Int64),
    ("cpf", pl.String),
    ("opcao_lista", pl.String),
    ("desempate", pl.String),
    ("campos", pl.String),  # JSON: {campo da lei: valor}
)
_LOTE_LEITURA = 50_000  # linhas por ida ao cursor: o quadro cresce sem guardar todas as tuplas


def tabela_de_candidatos(
    certame: Certame,
    regras: Regras,
    *,
    fora: Iterable[str] = (),
    do_banco: bool = False,
    cargo: str | None = None,
) -> TabelaCandidatos:
    """Os candidatos do certame em colunas, como o motor os lê de um arquivo
    (`cotas.motor.colunar.TabelaCandidatos`): o motor só cria o candidato que a apuração examina.

    O quadro vem do guardado para a versão atual dos candidatos (`cotas_web.quadro`) ou, sem
    ele (ou com `do_banco`), do banco. `fora`: inscrições que nunca entram nas listas.
    `cargo`: só os candidatos dele.
    """
    from cotas_web import quadro as guardados

    criterios = tuple(str(coluna) for coluna, _ in certame.desempate)
    if do_banco:
        quadro = _quadro_do_banco(certame, regras, criterios)
    else:
        forma = repr(
            (
                criterios,
                [(g.nome, g.verificado, tuple(g.cores)) for g in regras.grupos_da_lei],
                # (os campos da lei são colunas do quadro: um guardado sem eles não serve)
                [(c.nome, c.tipo) for c in regras.lei.campos],
            )
        )
        quadro = guardados.ler_ou_montar(
            certame.pk,
            forma,
            lambda: _quadro_do_banco(certame, regras, criterios),
            lambda cargos: _quadro_do_banco(certame, regras, criterios, cargos),
        )
    if cargo is not None:
        quadro = quadro.filter(pl.col("cargo") == cargo)
    fora = list(fora)
    if fora:
        quadro = quadro.filter(~pl.col("inscricao").is_in(fora))
    return TabelaCandidatos(quadro, criterios, sem_repetidas=True)


def _quadro_do_banco(
    certame: Certame,
    regras: Regras,
    criterios: tuple[str, ...],
    cargos: Sequence[str] | None = None,
) -> pl.DataFrame:
    """O quadro lido do banco numa consulta só, sem criar um objeto do Django por inscrição (num
    certame de 1 milhão, criar os objetos levava ~40 s; esta leitura, ~3 s). As linhas seguem a
    ordem do arquivo importado (`linha`), como na linha de comando. `cargos`: só os deles."""
    from cotas_web.candidatos.models import Candidato

    convertidas = {
        "nota": Cast("nota", CharField()),
        **{c: Cast(c, TextField()) for c in ("desempate", "reservas", "verificacoes", "campos")},
    }
    # A data como texto no SQLite (mais rápido que o conversor de datas do módulo sqlite3, linha
    # a linha); no PostgreSQL, o valor (o texto dependeria do DateStyle do servidor).
    data_como_texto = connection.vendor != "postgresql"
    if data_como_texto:
        convertidas["data_nascimento"] = Cast("data_nascimento", CharField())
    filtro: dict[str, Any] = {"certame": certame}
    if cargos is not None:
        # Pelo índice do cargo (os cargos são do certame): com o código, o banco percorria o
        # certame inteiro (0,36 s num milhão; pelo índice, 0,06 s).
        filtro = {
            "cargo_id__in": list(
                certame.cargos.filter(codigo__in=cargos).values_list("pk", flat=True)
            )
        }
    consulta = (
        Candidato.objects.filter(**filtro)
        .order_by()
        .values_list(*(convertidas.get(nome, nome) for nome, _ in _COLUNAS_DO_BANCO))
    )
    sql, parametros = consulta.query.sql_with_params()
    esquema = {nome: tipo for nome, tipo in _COLUNAS_DO_BANCO}
    esquema["data_nascimento"] = pl.String if data_como_texto else pl.Date
    partes: list[pl.DataFrame] = []
    with connection.cursor() as cursor:
        cursor.execute(sql, parametros)
        while linhas := cursor.fetchmany(_LOTE_LEITURA):
            partes.append(pl.DataFrame(linhas, schema=esquema, orient="row"))
    bruto = pl.concat(partes) if partes else pl.DataFrame(schema=esquema)
    vazio_nulo = {
        c: pl.when(pl.col(c) == "").then(None).otherwise(pl.col(c)).alias(c)
        for c in ("cor_raca", "cpf", "opcao_lista")
    }
    quadro = (
        bruto.lazy()
        .sort("linha", "id", nulls_last=True)
        .with_columns(
            pl.col("cargo__codigo").alias("cargo"),
            (
                pl.col("data_nascimento").str.to_date("%Y-%m-%d")
                if data_como_texto
                else pl.col("data_nascimento")
            ),
            vazio_nulo["cor_raca"],
            vazio_nulo["cpf"],
            vazio_nulo["opcao_lista"],
            *_colunas_dos_grupos(regras),
            *_colunas_dos_campos(regras),
        )
        .collect()
    )
    if criterios:
        # O campo guarda pares [critério, valor] em JSON: de cada linha, o valor de cada critério
        # do edital (texto decimal), ou nulo se falta.
        pares = pl.col("desempate").str.json_decode(pl.List(pl.List(pl.String)))
        quadro = quadro.with_columns(
            pares.list.eval(pl.element().filter(pl.element().list.get(0) == nome).list.get(1))
            .list.first()
            .alias(PREFIXO_DESEMPATE + nome)
            for nome in criterios
        )
    return quadro.drop("id", "cargo__codigo", "desempate", "reservas", "verificacoes", "campos")


def tipos_dos_campos(regras: Regras) -> dict[str, Any]:
    """O tipo do polars de cada campo que a lei declara ([[campos]]), como a leitura em colunas
    do arquivo os dá (`cotas.arquivos.rapido`)."""
    return {c.nome: pl.Int64 if c.tipo == "inteiro" else pl.Boolean for c in regras.lei.campos}


def _colunas_dos_campos(regras: Regras) -> list[pl.Expr]:
    """Cada campo que a lei declara (`campo:<nome>`, o nome que o motor lê em colunas), tirado
    do JSON gravado na importação; sem valor gravado, nulo (o motor o conta como não cumprido)."""
    tipos = tipos_dos_campos(regras)
    if not tipos:
        return []
    gravados = pl.col("campos").str.json_decode(pl.Struct(tipos))
    return [gravados.struct.field(nome).alias(PREFIXO_CAMPO + nome) for nome in tipos]


def _colunas_dos_grupos(regras: Regras) -> list[pl.Expr]:
    """De cada grupo da lei, a opção (`reserva:<grupo>`) e o resultado da verificação
    (`verificacao:<grupo>`), tirados dos dois campos JSON. Sem resultado gravado, quem optou por
    um grupo que a lei verifica (e se declarou de uma das cores dela, se a lei as fixa:
    `<grupo>.cores`) aguarda a verificação (`heteroidentificacao.exigida` e `.momento`; ou a
    análise documental): pendente, o motor não o nomeia pela reserva."""
    colunas: list[pl.Expr] = []
    for grupo in regras.grupos_da_lei:
        # O nome entre aspas no texto JSON da lista: sem decodificar um milhão de listas.
        optou = pl.col("reservas").str.contains(f'"{grupo.nome}"', literal=True).fill_null(False)
        gravado = pl.col("verificacoes").str.json_path_match(f"$.{grupo.nome}")
        gravado = pl.when(gravado == "").then(None).otherwise(gravado)
        if grupo.verificado:
            declarado = pl.col("cor_raca").is_in(list(grupo.cores)) if grupo.cores else pl.lit(True)
            gravado = (
                pl.when(gravado.is_not_null())
                .then(gravado)
                .when(optou & declarado)
                .then(pl.lit(mc.Heteroidentificacao.PENDENTE.value))
                .otherwise(None)
            )
        colunas.append(optou.alias(PREFIXO_RESERVA + grupo.nome))
        colunas.append(gravado.alias(PREFIXO_VERIFICACAO + grupo.nome))
    return colunas


# --- Reencenação do certame -------------------------------------------------------------------


@dataclass(frozen=True)
class Fatos:
    """Os fatos registrados do certame, como o motor os reencena: a data em que as vagas do
    edital foram oferecidas (None: ainda não foram), os eventos depois dela (`Evento` do motor,
    em ordem de data e, no mesmo dia, de registro; a ordem entre tipos no mesmo dia é do motor)
    e quem saiu antes dela (nunca entra nas listas)."""

    abertura: date | None
    eventos: list[Any]
    fora: set[str]


def fatos_do_certame(certame: Certame) -> Fatos:
    """Os fatos registrados que mudam as nomeações."""
    from cotas.motor.eventos import Evento, TipoEvento
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import Desistencia, Nomeacao, OfertaVagas, SituacaoNomeacao

    edital = OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True)
    abertura = min((o.data for o in edital), default=None)
    registrados: list[tuple[date, int, Any]] = []  # (data, pk, evento): a ordem de registro
    # O que foi tornado sem efeito (por um ato novo; o original fica gravado) não é fato.
    novas = OfertaVagas.objects.filter(
        cargo__certame=certame, do_edital=False, sem_efeito_em__isnull=True
    )
    for o in novas.select_related("cargo"):
        evento = Evento(
            o.data,
            TipoEvento.NOVAS_VAGAS,
            cargo=o.cargo.codigo,
            quantidade=o.quantidade,
            justificativa=o.justificativa,
        )
        registrados.append((o.data, o.pk, evento))
    desistencias = Desistencia.objects.filter(certame=certame, sem_efeito_em__isnull=True)
    for d in desistencias.select_related("candidato"):
        evento = Evento(d.data, TipoEvento.DESISTENCIA, inscricao=d.candidato.inscricao)
        registrados.append((d.data, d.pk, evento))
    fundamento = fundamento_final_de_fila(certame)
    for n in Nomeacao.objects.filter(
        cargo__certame=certame, situacao=SituacaoNomeacao.FINAL_DE_FILA
    ).select_related("candidato"):
        assert n.encerrada_em is not None
        evento = Evento(
            n.encerrada_em,
            TipoEvento.FINAL_DE_FILA,
            inscricao=n.candidato.inscricao,
            justificativa=fundamento,
        )
        registrados.append((n.encerrada_em, n.pk, evento))
    for c in Candidato.objects.filter(certame=certame, anulado_em__isnull=False):
        assert c.anulado_em is not None
        evento = Evento(
            c.anulado_em,
            TipoEvento.ANULACAO,
            inscricao=c.inscricao,
            procedimento=procedimento_da_anulacao(c),
        )
        registrados.append((c.anulado_em, c.pk, evento))
    registrados.sort(key=lambda r: (r[0], r[1]))
    # Quem saiu antes da abertura das vagas nunca entra nas listas do motor.
    saidas = (TipoEvento.DESISTENCIA, TipoEvento.ANULACAO)
    fora = {
        e.inscricao
        for _, _, e in registrados
        if e.tipo in saidas and (abertura is None or e.data < abertura)
    }
    eventos = [e for _, _, e in registrados if e.inscricao not in fora]
    return Fatos(abertura, eventos, fora)


def procedimento_da_anulacao(candidato: Any) -> Any:
    """O registro do procedimento por declaração falsa (contraditório e ampla defesa) que anulou
    a inscrição, como o motor o pede: a abertura é a notificação do candidato para a defesa; a
    autoridade é a que o RH informou com a decisão. None se não há
    procedimento decidido pela falsidade (o motor então recusa a anulação)."""
    from cotas.motor.certame import ProcedimentoAdministrativo
    from cotas_web.auditoria.models import Registro

    proc = (
        candidato.procedimentos.filter(decisao="falsidade", decidido_em__isnull=False)
        .order_by("-decidido_em", "-pk")
        .first()
    )
    if proc is None:
        return None
    autoridade = f"{proc.autoridade} (procedimento nº {proc.pk})"
    if not proc.autoridade:
        # Decisões registradas antes de a autoridade ter campo próprio: quem as registrou.
        registro = (
            Registro.objects.filter(
                acao=AcaoAuditada.FALSIDADE_DECIDIDA, dados__procedimento=proc.pk
            )
            .order_by("-pk")
            .first()
        )
        quem = registro.usuario_nome if registro is not None else "usuário não identificado"
        autoridade = f"{quem}, que registrou a decisão no sistema (procedimento nº {proc.pk})"
    return ProcedimentoAdministrativo(
        notificacao=proc.aberto_em,
        defesa=proc.defesa_em,
        decisao=proc.decidido_em,
        autoridade=autoridade,
    )


def fundamento_final_de_fila(certame: Certame) -> str:
    """A base do pedido de final de fila: o item do edital que o admite (o edital decide)."""
    item = certame.final_de_fila_item.strip()
    if item:
        return f"Edital, {item}: admite o pedido de final de fila."
    return "Edital: admite o pedido de final de fila."


def parametros_do_certame(certame: Certame) -> Any:
    from cotas.motor.certame import DuplaCondicao, ParametrosCertame
    from cotas.motor.classificacao import CriterioDesempate
    from cotas.motor.glossario import PrioridadeColisao

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
) -> Any:
    """A reserva de `vagas` (um número ou os lotes, em ordem) no certame (com a prioridade na
    colisão escolhida nele), com a memória de cálculo do motor; `cargo`, o código (a reserva PcD
    que o edital conta no total e coloca nos cargos o pede)."""
    from cotas.motor.reserva import calcular_reserva

    prioridade = parametros_do_certame(certame).prioridade_colisao
    return calcular_reserva(regras, vagas=vagas, prioridade=prioridade, cargo=cargo)


def conferir_no_motor(certame: Certame) -> Any:
    """Reencena o certame com o fato que acaba de ser gravado e o recusa (`ValidationError`, com
    a mensagem do motor) se a lei não o admite; chamado dentro da transação que o gravou, desfaz
    tudo. Sem isso, um fato inadmissível (uma anulação depois da validade, uma data fora da ordem)
    deixaria o certame sem poder ser reencenado nunca mais. Devolve o certame reencenado, de onde
    o registro do ato tira o fundamento que o motor deu."""
    from django.core.exceptions import ValidationError

    try:
        return reencenar(certame)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro


def razao_da_saida(motor: Any, tipo: str, inscricao: str) -> Any:
    """A razão (`Razao`) que o motor deu à saída (`tipo`: desistencia, anulacao, final_de_fila)
    de `inscricao`, a última registrada; None se o motor não a viu (quem saiu antes da abertura
    das vagas nunca entra nas listas)."""
    try:
        cargo = motor.cargo_da_inscricao(inscricao)
    except ErroCotas:
        return None
    saidas = [o for o in motor.ocorrencias(cargo) if o.tipo == tipo and o.inscricao == inscricao]
    return saidas[-1].razao if saidas else None


def _linhas_publicadas(certame: Certame, cargo: str | None = None) -> Any:
    """As nomeações em vigor (confirmadas por portaria), em cada vaga na ordem em que foram
    feitas: de todos os cargos ou de um."""
    from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao

    linhas = Nomeacao.objects.filter(cargo__certame=certame)
    if cargo is not None:
        linhas = linhas.filter(cargo__codigo=cargo)
    return linhas.exclude(situacao=SituacaoNomeacao.SEM_EFEITO).order_by(  # (não é mais ato)
        "cargo__codigo", "vaga", "ordem", "pk"
    )


def nomeacoes_publicadas(certame: Certame, cargo: str) -> list[Any]:
    """As nomeações confirmadas por portaria do cargo, como o motor as recebe
    (`cotas.motor.certame.Publicada`): atos em vigor que nenhuma reencenação refaz
    (docs/INTERPRETACAO.md#atos-publicados)."""
    from cotas.motor.certame import Publicada

    saida: list[Any] = []
    ocupacoes: dict[int, int] = {}
    linhas = _linhas_publicadas(certame, cargo).values_list(
        "vaga", "candidato__inscricao", "modalidade", "razao", "portaria", "data_portaria"
    )
    for vaga, inscricao, lista, razao, portaria, dia in linhas:
        ocupacao = ocupacoes.get(vaga, 0)
        ocupacoes[vaga] = ocupacao + 1
        ato = f"Portaria nº {portaria}, de {dia:%d/%m/%Y}"
        saida.append(Publicada(vaga, inscricao, lista, razao, ocupacao, ato))
    return saida


class PublicadasDoBanco(Mapping[str, list[Any]]):
    """As nomeações publicadas de cada cargo, lidas do banco quando o motor pede as de um cargo
    (um ato lê as do cargo que toca, não as de todos)."""

    def __init__(self, certame: Certame, cargos: list[str]) -> None:
        self._certame = certame
        self._cargos = cargos
        self._lidas: dict[str, list[Any]] = {}

    def __getitem__(self, cargo: str) -> list[Any]:
        if cargo not in self._cargos:
            raise KeyError(cargo)
        if cargo not in self._lidas:
            self._lidas[cargo] = nomeacoes_publicadas(self._certame, cargo)
        return self._lidas[cargo]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cargos)

    def __len__(self) -> int:
        return len(self._cargos)


def resumos_das_publicadas(certame: Certame) -> dict[str, str]:
    """De cada cargo com nomeações em vigor, o resumo delas (quem, que vaga, que lista, que
    portaria): o livro guardado de um cargo cujo resumo mudou é conferido com os atos de agora.
    O texto publicado não entra: um ato nunca é reescrito, só tornado sem efeito."""
    from cotas_web import estado

    por_cargo: dict[str, list[tuple[Any, ...]]] = {}
    for cargo, *resto in _linhas_publicadas(certame).values_list(
        "cargo__codigo", "pk", "vaga", "candidato__inscricao", "modalidade", "portaria",
        "data_portaria",
    ):  # fmt: skip
        por_cargo.setdefault(cargo, []).append(tuple(resto))
    return {cargo: estado.resumo(linhas) for cargo, linhas in por_cargo.items()}


def reencenar_cargo(certame: Certame, cargo: str, *, com_publicadas: bool = True) -> Any:
    """Um cargo só, reencenado desde o edital num certame que só tem ele, com os candidatos e
    os eventos dele: o mesmo livro do cargo que `reencenar` dá (os cargos não dependem uns dos
    outros), no tempo de um cargo. Para o que só olha um cargo: as consequências de uma
    correção, a preterição (`com_publicadas=False`: o que a lei faria só com a classificação de
    hoje). Levanta `ErroCotas` como `reencenar`."""
    from cotas.motor.certame import Certame as CertameMotor

    regras = regras_do_certame(certame)
    vagas = certame.cargos.get(codigo=cargo).vagas_edital
    fatos = fatos_do_certame(certame)
    tabela = tabela_de_candidatos(certame, regras, fora=fatos.fora, cargo=cargo)
    inscricoes = set(tabela.quadro["inscricao"].to_list())
    eventos = [
        e
        for e in fatos.eventos
        if e.cargo == cargo or (e.cargo is None and e.inscricao in inscricoes)
    ]
    motor = CertameMotor(
        regras=regras,
        cargos={cargo: vagas},
        candidatos=tabela,
        validade_ate=certame.validade_ate,
        parametros=parametros_do_certame(certame),
        publicadas={cargo: nomeacoes_publicadas(certame, cargo)} if com_publicadas else {},
    )
    if fatos.abertura is None:
        return motor
    return motor.apurar(eventos, abertura=fatos.abertura)


def reencenar(certame: Certame, *, com_publicadas: bool = True, do_banco: bool = False) -> Any:
    """Reencena os fatos do certame no motor e devolve o `cotas.motor.certame.Certame`.

    As nomeações publicadas por portaria entram como atos em vigor: ocupam as suas vagas como
    foram publicadas. `com_publicadas=False` dá o que a lei faria só com a classificação de hoje
    (para mostrar quem uma correção teria posto no lugar de um ato publicado). `do_banco`: os
    candidatos lidos do banco, nunca do quadro guardado (a conferência da auditoria).

    Levanta `ErroCotas` (mensagem em português) se um fato contraria a lei, por exemplo uma
    nomeação depois da validade do concurso.
    """
    from cotas.motor import estado as livro
    from cotas.motor.certame import Certame as CertameMotor
    from cotas_web import estado
    from cotas_web import quadro as guardados

    regras = regras_do_certame(certame)
    cargos = {c.codigo: c.vagas_edital for c in certame.cargos.all()}
    fatos = fatos_do_certame(certame)
    marca = guardados.marca(certame.pk)
    # (As marcas antes dos candidatos: um livro guardado nunca leva marca mais nova que o quadro
    # de que foi feito; uma mudança no meio só faz o próximo pedido reapurar.)
    marcas = guardados.marcas_dos_cargos(certame.pk)
    tabela = tabela_de_candidatos(certame, regras, fora=fatos.fora, do_banco=do_banco)
    publicadas = PublicadasDoBanco(certame, list(cargos)) if com_publicadas else {}
    parametros = parametros_do_certame(certame)
    dados = {
        "regras": regras,
        "cargos": cargos,
        "candidatos": tabela,
        "validade_ate": certame.validade_ate,
        "parametros": parametros,
        "publicadas": publicadas,
    }
    if fatos.abertura is None:
        return CertameMotor(**dados)
    if not com_publicadas or do_banco or not marca:
        return CertameMotor(**dados).apurar(fatos.eventos, abertura=fatos.abertura)
    # (O que o livro pressupõe além dos candidatos: a situação pública o combina com o resumo dos
    # candidatos de cada cargo, e uma correção não remonta a dos outros cargos.)
    sem_candidatos = (
        estado.versao_do_motor(),
        regras,
        cargos,
        certame.validade_ate,
        parametros,
        fatos.abertura,
        sorted(fatos.fora),
    )
    return estado.retomar_ou_reencenar(
        certame,
        chave=estado.resumo(sem_candidatos),
        comum=estado.resumo(sem_candidatos),
        marcas=marcas,
        eventos=fatos.eventos,
        abertura=fatos.abertura,
        publicadas=resumos_das_publicadas(certame),
        novo=lambda: CertameMotor(**dados),
        retomar=lambda livro_, carregar: livro.retomar(livro_, carregar, **dados),
    )
