"""A classificação em colunas (`cotas.motor.colunar`), a única que decide, dá o mesmo de uma
lista de `Candidato` e de uma tabela já em colunas.

Cada certame é apurado duas vezes: com a lista de `Candidato` (que o motor põe em colunas com as
colunas da lei) e com a tabela montada da lista sem saber a lei (`TabelaCandidatos`, como a
leitura em lote e a web a dão). Nomeações, ocorrências, listas inteiras, observações e erros
(tipo e mensagem) têm de ser iguais; os resultados esperados de cada cenário legal estão nos
próprios cenários.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cotas.motor import colunar
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao, Situacao
from cotas.motor.certame import Certame, Evento, ParametrosCertame, TipoEvento
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.colunar import ListaGeral, TabelaCandidatos, _limite_idoso
from cotas.motor.erros import EmpateNaoResolvido, ErroCotas
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import IDADE_IDOSO, ParametrosPcd, regras_aplicaveis
from tests.hipoteses import exemplos
from tests.motor.cenarios_legais import eventos, montar_certame, todos

EDITAL = date(2025, 6, 10)


def idade_em(nascimento: date, dia: date) -> int:
    """A idade completa no dia, pela conta de sempre (o esperado de `_limite_idoso`)."""
    return dia.year - nascimento.year - ((dia.month, dia.day) < (nascimento.month, nascimento.day))


def gemeo_em_colunas(certame: Certame) -> Certame:
    """O mesmo certame, com os candidatos em colunas."""
    return Certame(
        certame.regras,
        certame.cargos,
        TabelaCandidatos.de_candidatos(list(certame.candidatos)),
        validade_ate=certame.validade_ate,
        parametros=certame.parametros,
    )


def retrato(certame: Certame, evs: list[Evento]) -> Any:
    """Tudo o que a apuração produz, ou o erro que ela levanta."""
    try:
        certame.apurar(evs)
        saida = []
        for cargo in certame.cargos:
            listas = certame.listas(cargo)
            saida.append(
                (
                    cargo,
                    certame.nomeacoes(cargo),
                    certame.ocorrencias(cargo),
                    list(listas.geral),
                    {g: list(v) for g, v in listas.reservadas.items()},
                    list(listas.pendentes),
                    dict(listas.observacoes),
                    certame.reserva(cargo),
                )
            )
        return saida
    except ErroCotas as erro:
        return (type(erro), str(erro))


CENARIOS = todos()


@pytest.mark.parametrize("cenario", CENARIOS, ids=[c.stem for c in CENARIOS])
def test_cenarios_legais_em_colunas(cenario: Path) -> None:
    try:
        certame = montar_certame(cenario)
    except ErroCotas:
        return  # erro antes dos candidatos (lei, parâmetros): nada a comparar
    em_memoria = retrato(certame, eventos(cenario))
    em_colunas = retrato(gemeo_em_colunas(montar_certame(cenario)), eventos(cenario))
    assert em_colunas == em_memoria


MUNICIPIOS = ["Montenegro/RS", "Mostardas/RS"]  # com e sem comissão de heteroidentificação


def _regras(com_pcd: bool, municipio: str = "Montenegro/RS") -> Any:
    return regras_aplicaveis(
        catalogo_padrao(),
        municipio=municipio,
        data_edital=EDITAL,
        pcd=ParametrosPcd() if com_pcd else None,
    )


@st.composite
def certames(draw: st.DrawFn) -> tuple[Certame, list[Evento]]:
    """Certames pequenos com notas grossas (muitos empates), idosos, critério do edital e
    eventos de todo tipo — inclusive inválidos, cujo erro também tem de ser o mesmo."""
    n = draw(st.integers(0, 40))
    escala = draw(st.sampled_from([8, 400, 4000]))  # 8: quase tudo empata; 4000: quase nada
    cargos = {"A": draw(st.integers(0, 12)), "B": draw(st.integers(1, 6))}
    candidatos = []
    for i in range(n):
        cor = draw(st.sampled_from(list(CorRaca)))
        negro = cor in (CorRaca.PRETA, CorRaca.PARDA)
        opta = negro and draw(st.booleans())
        comissao = None
        if opta:  # "pendente" raro: senão quase todo certame pararia na comissão
            comissao = draw(
                st.sampled_from(
                    [h for h in Heteroidentificacao] + [Heteroidentificacao.CONFIRMADO] * 6
                )
            )
        idade = draw(st.integers(20, 75))
        extra = draw(st.one_of(st.none(), st.integers(0, 3)))
        candidatos.append(
            Candidato(
                inscricao=f"I{i:03d}",
                nome=f"Pessoa {i}",
                cargo=draw(st.sampled_from(["A", "A", "B"])),
                nota=Decimal(draw(st.integers(0, escala))) / 2,
                situacao=draw(st.sampled_from([Situacao.APROVADO] * 5 + [Situacao.ELIMINADO])),
                cor_raca=cor,
                reservas=frozenset({"negros"} if (opta) else ()),
                pcd=draw(st.integers(0, 5)) == 0,
                verificacoes=((("negros", comissao),) if comissao is not None else ()),
                data_nascimento=EDITAL - timedelta(days=365 * idade + draw(st.integers(0, 3))),
                desempate=() if extra is None else (("extra", Decimal(extra) / 4),),
                opcao_lista=draw(st.sampled_from([None, None, "pcd", "negros"])),
                linha=i + 2,
            )
        )
    parametros = ParametrosCertame(
        permite_final_de_fila=draw(st.booleans()),
        criterios_desempate=(
            (CriterioDesempate("extra", draw(st.sampled_from(["maior", "menor"]))),)
            if draw(st.booleans())
            else ()
        ),
    )
    evs = []
    dia = EDITAL
    for _ in range(draw(st.integers(0, 6))):
        dia += timedelta(days=10)
        tipo = draw(st.sampled_from(list(TipoEvento)))
        if tipo is TipoEvento.NOVAS_VAGAS:
            evs.append(
                Evento(
                    dia,
                    tipo,
                    cargo="A",
                    quantidade=draw(st.integers(1, 5)),
                    justificativa="lei nova",
                )
            )
        elif n:
            evs.append(Evento(dia, tipo, inscricao=f"I{draw(st.integers(0, n - 1)):03d}"))
    regras = _regras(draw(st.booleans()), draw(st.sampled_from(MUNICIPIOS)))
    return Certame(regras, cargos, candidatos, parametros=parametros), evs


@settings(max_examples=exemplos(300), suppress_health_check=[HealthCheck.too_slow])
@given(certames())
def test_em_colunas_igual_em_memoria(dados: tuple[Certame, list[Evento]]) -> None:
    certame, evs = dados
    assert retrato(gemeo_em_colunas(certame), evs) == retrato(certame, evs)


@settings(max_examples=exemplos(100), suppress_health_check=[HealthCheck.too_slow])
@given(certames())
def test_quadro_pequeno_igual_ao_grande(dados: tuple[Certame, list[Evento]]) -> None:
    """Um quadro pequeno segue atalhos (os aprovados ordenados no mesmo plano, o motor em memória
    do polars sem otimizar o plano, o índice inteiro das inscrições): o mesmo certame pelo
    caminho dos quadros grandes (a chave empacotada, o motor padrão) dá o mesmo."""
    certame, evs = dados
    pequeno = retrato(gemeo_em_colunas(certame), evs)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(colunar, "_PEQUENO", -1)  # (nenhum quadro é pequeno)
        grande = retrato(gemeo_em_colunas(certame), evs)
    assert grande == pequeno


@settings(max_examples=exemplos(200), suppress_health_check=[HealthCheck.too_slow])
@given(certames(), st.integers(0, 45), st.integers(0, 45))
def test_trechos_em_colunas_iguais_as_listas_e_as_razoes(
    dados: tuple[Certame, list[Evento]], inicio: int, tamanho: int
) -> None:
    """`Listas.trechos` (os documentos leem as listas inteiras assim) dá, em qualquer trecho, os
    candidatos das listas, na ordem, com as notas; e na geral, o texto das razões de desempate
    que `Listas.observacoes` dá a cada um, juntas na ordem."""
    certame, _ = dados
    for cargo in certame.cargos:
        try:
            listas = certame.listas(cargo)
        except ErroCotas:
            continue
        assert listas.trechos is not None
        sequencia = [("ampla", listas.geral), *listas.reservadas.items()]
        esperado = [
            (nome, posicao, c.inscricao, c.nome, c.cpf, c.nota, _desempates(listas, c, nome))
            for nome, lista in sequencia
            for posicao, c in enumerate(lista, start=1)
        ]
        obtido = [
            (t.lista, posicao, inscricao, nome, cpf, Decimal(nota), desempate)
            for t in listas.trechos(inicio, inicio + tamanho, None)
            for posicao, inscricao, nome, cpf, nota, desempate in zip(
                range(t.primeira, t.primeira + len(t.inscricoes)),
                t.inscricoes,
                t.nomes,
                t.cpfs,
                t.notas,
                t.desempates or [""] * len(t.inscricoes),
                strict=True,
            )
        ]
        assert obtido == esperado[inicio : inicio + tamanho]
        for nome, lista in sequencia:  # só uma lista: `inicio` e `fim` contam nela
            so = listas.trechos(inicio, None, nome)
            assert [i for t in so for i in t.inscricoes] == [
                c.inscricao for c in list(lista)[inicio:]
            ]


def test_trechos_com_desempates_dos_dois_lados() -> None:
    """Três pessoas idosas na mesma nota e uma quarta com outra: a do meio tem duas razões de
    desempate (com quem a precede e com quem a segue), juntas nessa ordem."""
    nascimentos = [date(1950, 1, 1), date(1940, 1, 1), date(1945, 1, 1)]
    candidatos = [
        _candidato(i, "80", data_nascimento=n, linha=i + 2) for i, n in enumerate(nascimentos)
    ]
    candidatos.append(_candidato(3, "70", linha=5))
    certame = Certame(_regras(False), {"A": 1}, TabelaCandidatos.de_candidatos(candidatos))
    listas = certame.listas("A")
    assert listas.trechos is not None
    (geral,) = listas.trechos(0, None, None)
    idade = " na mesma nota pela idade: pessoa idosa, a de idade mais elevada primeiro."
    assert geral.inscricoes == ["I01", "I02", "I00", "I03"]
    assert geral.desempates == [
        f"I01 precede I02{idade}",
        f"I01 precede I02{idade} I02 precede I00{idade}",
        f"I02 precede I00{idade}",
        "",
    ]
    assert geral.desempates == [_desempates(listas, c, "ampla") for c in listas.geral]


def _desempates(listas: Any, c: Candidato, lista: str) -> str:
    if lista != "ampla":
        return ""
    razoes = listas.observacoes.get(c.inscricao, [])
    return " ".join(r.texto for r in razoes if r.codigo.startswith("desempate"))


def _candidato(i: int, nota: str, **extra: Any) -> Candidato:
    return Candidato(inscricao=f"I{i:02d}", nome=f"P{i}", cargo="A", nota=Decimal(nota), **extra)


def test_empate_no_fim_da_lista_e_erro_mesmo_sem_ser_alcancado() -> None:
    """Escolha documentada: o empate é procurado na lista inteira, não só no trecho que o cursor
    alcança; com 1 vaga e 30 candidatos, o empate entre o 29º e o 30º ainda é erro."""
    candidatos = [_candidato(i, str(100 - i)) for i in range(28)]
    candidatos += [_candidato(28, "1.0"), _candidato(29, "1.00")]
    certame = Certame(_regras(False), {"A": 1}, TabelaCandidatos.de_candidatos(candidatos))
    with pytest.raises(EmpateNaoResolvido) as info:
        certame.abrir()
    assert info.value.grupos == [["I28", "I29"]]


def test_so_o_topo_e_criado() -> None:
    """Com 1 vaga e 10.000 candidatos, a lista geral cria só o primeiro bloco."""
    candidatos = [_candidato(i, f"{i}.5") for i in range(10_000)]
    certame = Certame(_regras(False), {"A": 1}, TabelaCandidatos.de_candidatos(candidatos))
    certame.abrir()
    geral = certame.listas("A").geral
    assert isinstance(geral, ListaGeral)
    assert len(geral._prefixo.itens) < 100
    assert [n.inscricao for n in certame.nomeacoes("A")] == ["I9999"]


def test_tabela_e_sequencia_de_candidatos() -> None:
    candidatos = [
        _candidato(1, "7.25", desempate=(("x", Decimal("1E+2")),), linha=2),
        replace(_candidato(2, "-0.5"), cpf="12345678909", data_nascimento=EDITAL, linha=3),
    ]
    tabela = TabelaCandidatos.de_candidatos(candidatos)
    assert list(tabela) == candidatos
    assert tabela[1] == candidatos[1] and tabela[-1].linha == 3
    assert tabela[0:1] == candidatos[:1]
    assert tabela.candidato("I02") == candidatos[1]
    assert tabela.candidato("nada") is None


@pytest.mark.parametrize(
    "notas",
    [
        # faixa de valores que não cabe na chave empacotada de 63 bits: ordena coluna a coluna
        ["123456789012345678.5", "0.000001", "123456789012345678.5", "7", "7.0", "-3"],
        ["1E+3", "999.99", "1000", "0.5", "-0.5", "-0.50"],
    ],
)
def test_chave_larga_e_empates(notas: list[str]) -> None:
    candidatos = [
        _candidato(i, nota, data_nascimento=EDITAL - timedelta(days=365 * (30 + 20 * (i % 3))))
        for i, nota in enumerate(notas)
    ]
    em_memoria = Certame(_regras(False), {"A": 3}, candidatos)
    assert retrato(gemeo_em_colunas(em_memoria), []) == retrato(
        Certame(_regras(False), {"A": 3}, candidatos), []
    )


def test_contagem_por_cargo_na_ordem_em_que_os_cargos_aparecem() -> None:
    cargos = ["B", "A", "B", "C", "A", "B"]
    tabela = TabelaCandidatos.de_candidatos(
        Candidato(str(i), f"Pessoa {i}", c, Decimal(1), linha=None if i % 2 else i + 2)
        for i, c in enumerate(cargos)
    )
    assert tabela.contagem_por_cargo() == {"B": (3, 2), "A": (2, None), "C": (1, None)}


@settings(max_examples=exemplos(500))
@given(
    st.dates(min_value=date(1850, 1, 1), max_value=date(2100, 12, 31)),
    st.dates(min_value=date(1950, 1, 1), max_value=date(2100, 12, 31)),
)
@example(date(1964, 2, 29), date(2024, 2, 29))  # 60 anos exatos, num 29/02
@example(date(1964, 3, 1), date(2024, 2, 29))  # um dia depois: ainda não
@example(date(1965, 2, 28), date(2025, 2, 28))
@example(date(1900, 2, 28), date(1960, 2, 29))  # 1900 não tem 29/02: vale o 28
@example(date(1900, 3, 1), date(1960, 2, 29))
def test_idoso_em_lote_igual_a_idade_em(nascimento: date, dia: date) -> None:
    """A pessoa idosa (60 anos no dia de referência; Lei 10.741/2003, art. 27, parágrafo único)
    em lote, por comparação com uma data só, é a mesma de `classificacao.idade_em`, também
    quando o dia é 29 de fevereiro e o ano de 60 anos antes não é bissexto."""
    quadro = pl.DataFrame({"data_nascimento": [nascimento, None]})
    idoso, sem_data = quadro.select(_limite_idoso(dia)).to_series().to_list()
    assert idoso == (idade_em(nascimento, dia) >= IDADE_IDOSO)
    assert sem_data is False


def test_idoso_quando_o_dia_e_29_de_fevereiro_e_60_anos_antes_nao_ha() -> None:
    # 1960 é bissexto; 1900, não (o século só é bissexto se divisível por 400).
    dia = date(1960, 2, 29)
    quadro = pl.DataFrame({"data_nascimento": [date(1900, 2, 28), date(1900, 3, 1)]})
    assert quadro.select(_limite_idoso(dia)).to_series().to_list() == [True, False]
    nascimentos = quadro.get_column("data_nascimento").to_list()
    assert [idade_em(d, dia) >= IDADE_IDOSO for d in nascimentos] == [True, False]


@pytest.mark.parametrize("cenario", CENARIOS[:20], ids=[c.stem for c in CENARIOS[:20]])
def test_inscritos_de_um_cargo_como_os_de_todos(cenario: Path) -> None:
    """`inscritos_do_cargo` (a situação pública de um cargo só) dá, nas duas formas, o que
    `inscritos_por_cargo` dá para o cargo."""
    try:
        certame = montar_certame(cenario)
    except ErroCotas:
        return
    for forma in (certame, gemeo_em_colunas(montar_certame(cenario))):
        todos_ = forma.inscritos_por_cargo()
        for cargo in forma.cargos:
            assert forma.inscritos_do_cargo(cargo) == todos_[cargo]
