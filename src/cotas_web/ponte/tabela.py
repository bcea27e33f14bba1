"""Os candidatos de um certame em colunas, como o motor os lê de um arquivo
(`cotas.motor.colunar.TabelaCandidatos`): do quadro guardado para a versão atual dos candidatos
(`quadro`) ou, sem ele, do banco numa consulta só; e os de um arquivo que se importa, na prévia.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import polars as pl
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import CharField, TextField
from django.db.models.functions import Cast

from cotas.motor import candidatos as mc
from cotas.motor.candidatos import Candidato
from cotas.motor.colunar import (
    PREFIXO_DESEMPATE,
    PREFIXO_RESERVA,
    PREFIXO_VERIFICACAO,
    TabelaCandidatos,
)
from cotas.motor.elegibilidade import PREFIXO_CAMPO
from cotas.motor.regras import Regras
from cotas_web.ponte import quadro as guardados

if TYPE_CHECKING:
    from cotas_web.certames.models import Certame

__all__ = ["na_ordem_dos_cargos", "tabela_da_previa", "tabela_de_candidatos", "tipos_dos_campos"]

# O tipo de uma coluna do polars.
TipoDaColuna = type[pl.DataType]


# Colunas lidas do banco, na ordem do SELECT; o tipo de cada uma no quadro do motor. A nota sai
# como texto (CAST), decimal exato nos dois bancos ("7.5" no SQLite, "7.5000" no PostgreSQL). A
# data sai como data no PostgreSQL e como texto AAAA-MM-DD no SQLite (convertido aqui).
_COLUNAS_DO_BANCO: tuple[tuple[str, TipoDaColuna], ...] = (
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
_LOTE_GRAVACAO = 4096  # candidatos criados de cada vez ao gravar na ordem dos cargos


def na_ordem_dos_cargos(candidatos: Sequence[Candidato]) -> Iterator[Candidato]:
    """Os candidatos cargo a cargo (dentro de cada um, na ordem do arquivo), a ordem em que a
    importação os grava: as linhas de um cargo ficam juntas nas páginas do banco, e cada ato, que
    relê só o cargo que tocou, lê poucas páginas. (Num milhão com os cargos misturados no
    arquivo, reler um cargo de 13 mil inscrições no PostgreSQL lia ~10.600 páginas: ~1 s com o
    cache frio.) A ordem do arquivo segue na coluna `linha`, que é a que se lê."""
    if not isinstance(candidatos, TabelaCandidatos):
        yield from sorted(candidatos, key=lambda c: c.cargo)  # (estável: a ordem do arquivo)
        return
    ordem = (
        candidatos.quadro.select("cargo").with_row_index("_i").sort("cargo", "_i").get_column("_i")
    )
    for inicio in range(0, len(ordem), _LOTE_GRAVACAO):
        yield from candidatos.materializar(ordem[inicio : inicio + _LOTE_GRAVACAO].to_list())


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

    O quadro vem do guardado para a versão atual dos candidatos (`quadro`) ou, sem
    ele (ou com `do_banco`), do banco. `fora`: inscrições que nunca entram nas listas.
    `cargo`: só os candidatos dele.
    """
    criterios = tuple(str(coluna) for coluna, _ in certame.desempate)
    if do_banco:
        quadro = _quadro_do_banco(certame, regras, criterios)
        if cargo is not None:
            quadro = quadro.filter(pl.col("cargo") == cargo)
        quadro = guardados.sem(quadro, frozenset(fora))
    else:
        forma = repr(
            (
                criterios,
                [(g.nome, g.verificado, tuple(g.cores)) for g in regras.grupos_da_lei],
                # (os campos da lei são colunas do quadro: um guardado sem eles não serve)
                [(c.nome, c.tipo) for c in regras.lei.campos],
            )
        )
        # (Com `cargo`, só o quadro dele: o do certame nem é montado.)
        quadro = guardados.ler_ou_montar(
            certame.pk,
            forma,
            lambda cargos: _quadro_do_banco(certame, regras, criterios, cargos),
            montar_linhas=lambda ids: _quadro_do_banco(certame, regras, criterios, ids=ids),
            cargos=None if cargo is None else [cargo],
            fora=frozenset(fora),
        )
    return TabelaCandidatos(quadro, criterios, sem_repetidas=True)


def tabela_da_previa(
    certame: Certame,
    regras: Regras,
    candidatos: Sequence[Candidato],
    *,
    colunas: Sequence[Candidato] | None = None,
    importados_menos: Collection[str] | None = None,
) -> TabelaCandidatos:
    """Os candidatos de um arquivo que se importa, em colunas como a reencenação as lê do banco
    (`colunas`: os mesmos já em colunas, da leitura em lote de um CSV grande, sem recriá-los);
    com `importados_menos`, junto dos já importados menos essas inscrições (quem saiu antes da
    abertura das vagas, os da importação que o arquivo substitui)."""
    criterios = tuple(str(c) for c, _ in certame.desempate)
    tabela = colunas if isinstance(colunas, TabelaCandidatos) else None
    if tabela is None:
        tabela = TabelaCandidatos.de_candidatos(
            candidatos,
            criterios,
            [g.nome for g in regras.grupos_da_lei],
            tipos_dos_campos(regras),
        )
    if importados_menos is None:
        return tabela
    ja = tabela_de_candidatos(certame, regras, fora=importados_menos)
    quadro = pl.concat([ja.quadro, tabela.quadro], how="diagonal_relaxed")
    return TabelaCandidatos(quadro, criterios)


def _quadro_do_banco(
    certame: Certame,
    regras: Regras,
    criterios: tuple[str, ...],
    cargos: Sequence[str] | None = None,
    *,
    ids: Sequence[int] | None = None,
) -> pl.DataFrame:
    """O quadro lido do banco numa consulta só, sem criar um objeto do Django por inscrição (num
    certame de 1 milhão, criar os objetos levava ~40 s; esta leitura, ~3 s). As linhas seguem a
    ordem do arquivo importado (`linha`), como na linha de comando. `cargos`: só os deles;
    `ids`: só estes candidatos."""
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
    filtro = _filtro(certame, cargos, ids)
    consulta = (
        Candidato.objects.filter(**filtro)
        .order_by()
        .values_list(*(convertidas.get(nome, nome) for nome, _ in _COLUNAS_DO_BANCO))
    )
    esquema = {nome: tipo for nome, tipo in _COLUNAS_DO_BANCO}
    esquema["data_nascimento"] = pl.String if data_como_texto else pl.Date
    partes: list[pl.DataFrame] = []
    try:
        sql, parametros = consulta.query.sql_with_params()
    except EmptyResultSet:  # (nenhum cargo ou candidato pedido: o quadro vazio, com as colunas)
        sql = None
    if sql is not None:
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


def _filtro(
    certame: Certame, cargos: Sequence[str] | None, ids: Sequence[int] | None
) -> dict[str, object]:
    """As linhas que `_quadro_do_banco` lê: as do certame, só as dos `cargos` ou só as dos
    candidatos `ids`."""
    if ids is not None:
        return {"certame": certame, "pk__in": list(ids)}
    if cargos is not None:
        # Pelo índice do cargo (os cargos são do certame): com o código, o banco percorria o
        # certame inteiro (0,36 s num milhão; pelo índice, 0,06 s).
        return {
            "cargo_id__in": list(
                certame.cargos.filter(codigo__in=cargos).values_list("pk", flat=True)
            )
        }
    return {"certame": certame}


def tipos_dos_campos(regras: Regras) -> dict[str, TipoDaColuna]:
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
