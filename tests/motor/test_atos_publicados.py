"""Atos publicados são fatos (docs/INTERPRETACAO.md#atos-publicados): a nomeação publicada por
portaria ocupa a sua vaga como foi publicada, e nenhuma correção, nova vaga ou saída posterior a
move. Quando os atos publicados são os que a lei faria, nada muda."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame, Nomeacao, Publicada
from cotas.motor.regras import Regras
from tests.motor.test_grupos import certames as certames_de_varios_grupos
from tests.motor.test_propriedades import CONFIG, EDITAL, PROCEDIMENTO, candidatos, regras


def _publicadas(
    nomeacoes: list[Nomeacao], escolhidas: set[int], *, datadas: bool = False
) -> list[Publicada]:
    """As nomeações de ordem em `escolhidas` como atos publicados (a ocupação de cada vaga
    contada em ordem); `datadas`: cada ato com a data da nomeação, como a web os dá."""
    ocupacoes: dict[int, int] = {}
    saida = []
    for n in nomeacoes:
        ocupacao = ocupacoes.get(n.vaga, 0)
        ocupacoes[n.vaga] = ocupacao + 1
        if n.ordem in escolhidas:
            ato = f"Portaria nº {n.ordem}/2026"
            dia = n.data if datadas else None
            saida.append(
                Publicada(n.vaga, n.inscricao, n.modalidade, n.razao.texto, ocupacao, ato, dia)
            )
    return saida


def _vida(
    r: Regras,
    cands: list[Candidato],
    lotes: list[int],
    saidas: list[int],
    publicadas: list[Publicada] = (),  # type: ignore[assignment]
) -> Certame:
    """O edital, depois as saídas (índices nas nomeações já feitas) e os lotes seguintes."""
    certame = Certame(r, {"C": lotes[0]}, cands, publicadas={"C": publicadas})
    certame.abrir()
    dia = r.data_edital
    for k, q in enumerate(lotes[1:]):
        dia += timedelta(days=30)
        if k < len(saidas):
            nomeados = [
                n.inscricao
                for n in certame.nomeacoes("C")
                if certame.vaga_ocupada(n.inscricao, "C") == n.vaga
            ]
            if nomeados:
                certame.desistencia(dia, nomeados[saidas[k] % len(nomeados)])
        certame.ofertar_vagas("C", q, dia, "novas vagas")
    return certame


def _chave(n: Nomeacao) -> tuple[object, ...]:
    return (n.ordem, n.vaga, n.inscricao, n.modalidade, n.reservada_para, n.substitui)


@CONFIG
@given(
    candidatos(),
    st.lists(st.integers(1, 12), min_size=1, max_size=4),
    st.lists(st.integers(0, 50), max_size=3),
    st.booleans(),
    st.sampled_from(["Montenegro/RS", "Mostardas/RS"]),
    st.data(),
)
def test_publicar_o_que_a_lei_faria_nao_muda_nada(
    cands: list[Candidato],
    lotes: list[int],
    saidas: list[int],
    pcd: bool,
    municipio: str,
    data: st.DataObject,
) -> None:
    r = regras(pcd, municipio)
    natural = _vida(r, cands, lotes, saidas).nomeacoes("C")
    ordens = [n.ordem for n in natural]
    escolhidas = set(data.draw(st.lists(st.sampled_from(ordens), unique=True))) if ordens else set()
    com_atos = _vida(r, cands, lotes, saidas, _publicadas(natural, escolhidas)).nomeacoes("C")
    assert [_chave(n) for n in com_atos] == [_chave(n) for n in natural]
    # Os fundamentos do ato publicado são os que a lei dá àquela vaga por aquela lista.
    assert [n.razao.fundamentos for n in com_atos] == [n.razao.fundamentos for n in natural]


@CONFIG
@given(certames_de_varios_grupos(), st.data())
def test_publicar_o_que_a_lei_faria_nao_muda_nada_com_varios_grupos(
    caso: tuple[Regras, list[Candidato], int], data: st.DataObject
) -> None:
    r, cands, vagas = caso
    natural = _vida(r, cands, [vagas, 3], [0]).nomeacoes("C")
    ordens = [n.ordem for n in natural]
    escolhidas = set(data.draw(st.lists(st.sampled_from(ordens), unique=True))) if ordens else set()
    com_atos = _vida(r, cands, [vagas, 3], [0], _publicadas(natural, escolhidas)).nomeacoes("C")
    assert [_chave(n) for n in com_atos] == [_chave(n) for n in natural]


def _pessoa(i: int, nota: str, cor: CorRaca = CorRaca.BRANCA, reserva: bool = False) -> Candidato:
    return Candidato(
        inscricao=f"P{i:02d}",
        nome=f"Pessoa {i}",
        cargo="C",
        nota=Decimal(nota),
        cor_raca=cor,
        reservas=frozenset({"negros"} if reserva else ()),
        verificacoes=(("negros", Heteroidentificacao.CONFIRMADO),) if reserva else (),
    )


def test_correcao_depois_da_publicacao_nao_move_os_atos_e_o_preterido_recebe_a_vaga_seguinte() -> (
    None
):
    """A jornada do issue: duas nomeações publicadas (vagas 1 e 2); depois a nota de um terceiro
    é corrigida e ele passaria ao primeiro lugar. As duas nomeações ficam como foram publicadas
    (quem, vaga, lista, texto); o corrigido recebe a próxima vaga da lista geral, a 3."""
    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 11)]
    antes = Certame(r, {"C": 5}, cands)
    antes.abrir()
    natural = antes.nomeacoes("C")
    assert [n.inscricao for n in natural[:2]] == ["P01", "P02"]
    publicadas = _publicadas(natural, {1, 2})

    corrigidos = [replace(c, nota=Decimal("99")) if c.inscricao == "P08" else c for c in cands]
    depois = Certame(r, {"C": 5}, corrigidos, publicadas={"C": publicadas})
    depois.abrir()
    nomeacoes = depois.nomeacoes("C")
    assert [(n.vaga, n.inscricao) for n in nomeacoes] == [
        (1, "P01"),
        (2, "P02"),
        (3, "P08"),
        (4, "P03"),
        (5, "P04"),
    ]
    assert nomeacoes[0].razao.texto == natural[0].razao.texto
    assert dict(nomeacoes[0].razao.valores)["ato"] == "Portaria nº 1/2026"
    # Sem os atos, a lei de hoje daria a vaga 1 ao corrigido: é o que mostra a preterição.
    sem_atos = Certame(r, {"C": 5}, corrigidos)
    sem_atos.abrir()
    assert sem_atos.nomeacoes("C")[0].inscricao == "P08"


def test_nomeado_por_ato_que_sai_das_listas_por_correcao_continua_na_vaga() -> None:
    """Uma correção que tira o nomeado das listas (a nota abaixo do corte, aqui: fora dos
    aprovados) não desfaz a portaria: a vaga continua dele; as demais seguem a lei."""
    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 8)]
    antes = Certame(r, {"C": 3}, cands)
    antes.abrir()
    publicadas = _publicadas(antes.nomeacoes("C"), {1})
    sem_o_primeiro = [c for c in cands if c.inscricao != "P01"]
    depois = Certame(r, {"C": 3}, sem_o_primeiro, publicadas={"C": publicadas})
    depois.abrir()
    assert [(n.vaga, n.inscricao) for n in depois.nomeacoes("C")] == [
        (1, "P01"),
        (2, "P02"),
        (3, "P03"),
    ]


def test_recomposicao_publicada_fica_com_quem_a_portaria_nomeou() -> None:
    """A vaga recomposta depois de uma desistência é a segunda ocupação da vaga: o ato que a
    recompôs fica, mesmo que uma correção ponha outro à frente na lista."""
    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 8)]
    vida = Certame(r, {"C": 2}, cands)
    vida.abrir()
    vida.desistencia(EDITAL + timedelta(days=10), "P01")
    natural = vida.nomeacoes("C")
    assert [(n.vaga, n.inscricao, n.substitui) for n in natural] == [
        (1, "P01", None),
        (2, "P02", None),
        (1, "P03", "P01"),
    ]
    publicadas = _publicadas(natural, {1, 2, 3})
    corrigidos = [replace(c, nota=Decimal("99")) if c.inscricao == "P06" else c for c in cands]
    depois = Certame(r, {"C": 2}, corrigidos, publicadas={"C": publicadas})
    depois.abrir()
    depois.desistencia(EDITAL + timedelta(days=10), "P01")
    assert [(n.vaga, n.inscricao, n.substitui) for n in depois.nomeacoes("C")] == [
        (1, "P01", None),
        (2, "P02", None),
        (1, "P03", "P01"),
    ]
    # A próxima vaga, essa sim, vai ao corrigido.
    novas = depois.ofertar_vagas("C", 1, EDITAL + timedelta(days=20), "nova vaga")
    assert [(n.vaga, n.inscricao) for n in novas] == [(3, "P06")]


def test_anulacao_de_quem_foi_nomeado_por_ato_recompoe_a_vaga() -> None:
    """O ato publicado não impede as saídas: a anulação por declaração falsa tira o nomeado da
    vaga, recomposta pela lista a que ela era devida."""
    r = regras(False)
    cands = [
        _pessoa(1, "95"),
        _pessoa(2, "94", CorRaca.PARDA, reserva=True),
        _pessoa(3, "93"),
        _pessoa(4, "92", CorRaca.PRETA, reserva=True),
        _pessoa(5, "91"),
    ]
    vida = Certame(r, {"C": 3}, cands)
    vida.abrir()
    publicadas = _publicadas(vida.nomeacoes("C"), {1, 2, 3})
    depois = Certame(r, {"C": 3}, cands, publicadas={"C": publicadas})
    depois.abrir()
    novas = depois.anulacao(EDITAL + timedelta(days=5), "P02", PROCEDIMENTO)
    assert [n.substitui for n in novas] == ["P02"]


def test_saida_do_mesmo_dia_nao_da_a_outra_vaga_quem_um_ato_ja_nomeou() -> None:
    """Duas saídas no mesmo dia; a segunda vaga já foi recomposta por portaria (P03). Se a
    reencenação aplica antes a outra saída, a lei escolhia para ela o "próximo ainda não
    chamado", P03, que o ato ainda por reencenar põe na vaga 2: a portaria se movia, e P03
    aparecia nomeado duas vezes (a confirmação seguinte dava erro de integridade no banco).
    Quem um ato em vigor nomeou nunca é escolhido pela lei para outra vaga, em qualquer ordem
    das saídas do dia."""
    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 8)]
    dia = EDITAL + timedelta(days=10)
    vida = Certame(r, {"C": 2}, cands)
    vida.abrir()
    vida.desistencia(dia, "P02")
    publicadas = _publicadas(vida.nomeacoes("C"), {1, 2, 3}, datadas=True)
    assert [(p.vaga, p.ocupacao, p.inscricao) for p in publicadas] == [
        (1, 0, "P01"),
        (2, 0, "P02"),
        (2, 1, "P03"),
    ]
    for ordem_das_saidas in (["P02", "P01"], ["P01", "P02"]):
        depois = Certame(r, {"C": 2}, cands, publicadas={"C": publicadas})
        depois.abrir()
        for inscricao in ordem_das_saidas:
            depois.desistencia(dia, inscricao)
        ocupacao = {(n.vaga, n.inscricao, n.substitui) for n in depois.nomeacoes("C")}
        assert ocupacao == {
            (1, "P01", None),
            (2, "P02", None),
            (2, "P03", "P02"),
            (1, "P04", "P01"),
        }, ordem_das_saidas
        nomeados = [n.inscricao for n in depois.nomeacoes("C")]
        assert len(nomeados) == len(set(nomeados)), ordem_das_saidas
        assert depois.ocupantes("C") == {1: "P04", 2: "P03"}


def test_novas_vagas_nomeadas_antes_de_uma_saida_do_mesmo_dia_ficam_com_quem_nomearam() -> None:
    """A jornada do teste no navegador: no mesmo dia, novas vagas oferecidas e nomeadas por
    portaria (P03 na vaga 3) e, registrada depois, a saída de P01. A reencenação aplica as
    saídas do dia antes das novas vagas; a lei chamava P03 para a vaga 1, e a portaria da vaga 3
    o nomeava de novo. Agora a vaga 1 vai ao seguinte, P04, e a portaria fica."""
    from cotas.motor.eventos import Evento, TipoEvento

    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 8)]
    dia = EDITAL + timedelta(days=10)
    antes = Certame(r, {"C": 2}, cands)
    antes.abrir()
    antes.ofertar_vagas("C", 1, dia, "novas vagas")
    publicadas = _publicadas(antes.nomeacoes("C"), {1, 2, 3}, datadas=True)
    assert [(p.vaga, p.inscricao, p.data) for p in publicadas][2] == (3, "P03", dia)
    eventos = [
        Evento(dia, TipoEvento.NOVAS_VAGAS, cargo="C", quantidade=1, justificativa="novas"),
        Evento(dia, TipoEvento.DESISTENCIA, inscricao="P01"),
    ]
    depois = Certame(r, {"C": 2}, cands, publicadas={"C": publicadas}).apurar(eventos)
    assert [(n.vaga, n.inscricao, n.substitui) for n in depois.nomeacoes("C")] == [
        (1, "P01", None),
        (2, "P02", None),
        (1, "P04", "P01"),
        (3, "P03", None),
    ]


@CONFIG
@given(
    candidatos(),
    st.lists(st.integers(1, 12), min_size=1, max_size=4),
    st.lists(st.integers(0, 50), max_size=3),
    st.booleans(),
    st.data(),
)
def test_publicar_com_as_datas_o_que_a_lei_faria_nao_muda_nada(
    cands: list[Candidato],
    lotes: list[int],
    saidas: list[int],
    pcd: bool,
    data: st.DataObject,
) -> None:
    """Com a data de cada ato (como a web os dá), publicar o que a lei fez não muda nada."""
    r = regras(pcd, "Montenegro/RS")
    natural = _vida(r, cands, lotes, saidas).nomeacoes("C")
    ordens = [n.ordem for n in natural]
    escolhidas = set(data.draw(st.lists(st.sampled_from(ordens), unique=True))) if ordens else set()
    atos = _publicadas(natural, escolhidas, datadas=True)
    com_atos = _vida(r, cands, lotes, saidas, atos).nomeacoes("C")
    assert [_chave(n) for n in com_atos] == [_chave(n) for n in natural]


def test_prazo_de_posse_esgotado_se_publica_como_tal_e_recompoe_como_a_desistencia() -> None:
    """Quem não toma posse no prazo sai como quem desiste (a vaga se recompõe pela mesma regra),
    mas o fato publicado é o dele: antes, a ocorrência dizia "desistiu" e a razão de quem
    recompôs a vaga, "após a desistência" (docs/INTERPRETACAO.md#sem-posse). Só quem está
    nomeado perde o prazo de posse."""
    from cotas.motor.erros import EventoInvalido

    r = regras(False)
    cands = [_pessoa(i, str(90 - i)) for i in range(1, 6)]
    dia = EDITAL + timedelta(days=10)
    vida = Certame(r, {"C": 2}, cands)
    vida.abrir()
    [nova] = vida.sem_posse(dia, "P01")
    assert (nova.vaga, nova.inscricao, nova.substitui) == (1, "P03", "P01")
    assert "após o fim do prazo de posse de P01" in nova.razao.texto
    assert "desist" not in nova.razao.texto
    [saida] = [o for o in vida.ocorrencias("C") if o.inscricao == "P01"]
    assert saida.tipo == "sem_posse"
    assert saida.razao.texto.startswith("P01 não tomou posse no prazo")
    desistiu = Certame(r, {"C": 2}, cands)
    desistiu.abrir()
    [igual] = desistiu.desistencia(dia, "P01")
    assert (igual.vaga, igual.inscricao) == (nova.vaga, nova.inscricao)
    assert igual.razao.fundamentos == nova.razao.fundamentos
    with pytest.raises(EventoInvalido, match="só quem está nomeado perde o prazo de posse"):
        vida.sem_posse(dia, "P05")
