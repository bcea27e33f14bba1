"""Propriedades da lei em certames aleatórios (hypothesis): cada teste é um invariante legal."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotas.motor.aritmetica import arredondar, percentual_de
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame, Nomeacao, ProcedimentoAdministrativo
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import ParametrosPcd, Regras, regras_aplicaveis
from tests.hipoteses import exemplos

EDITAL = date(2025, 6, 10)
PROCEDIMENTO = ProcedimentoAdministrativo(EDITAL, None, EDITAL, "Prefeito Municipal")
CONFIG = settings(max_examples=exemplos(120), suppress_health_check=[HealthCheck.too_slow])


def regras(com_pcd: bool, municipio: str = "Montenegro/RS") -> Regras:
    return regras_aplicaveis(
        catalogo_padrao(),
        municipio=municipio,
        data_edital=EDITAL,
        pcd=ParametrosPcd() if com_pcd else None,
    )


@st.composite
def candidatos(draw: st.DrawFn, minimo: int = 0, maximo: int = 60) -> list[Candidato]:
    n = draw(st.integers(minimo, maximo))
    notas = draw(st.lists(st.integers(0, 10_000), min_size=n, max_size=n, unique=True))
    saida = []
    for i, nota in enumerate(notas):
        cor = draw(st.sampled_from(list(CorRaca)))
        negro = cor in (CorRaca.PRETA, CorRaca.PARDA)
        opta = negro and draw(st.booleans())
        comissao = None
        if opta:
            comissao = draw(
                st.sampled_from(
                    [h for h in Heteroidentificacao if h is not Heteroidentificacao.PENDENTE]
                )
            )
        saida.append(
            Candidato(
                inscricao=f"I{i:03d}",
                nome=f"Pessoa {i}",
                cargo="C",
                nota=Decimal(nota) / 10,
                cor_raca=cor,
                reservas=frozenset({"negros"} if (opta) else ()),
                pcd=draw(st.integers(0, 9)) == 0,
                verificacoes=((("negros", comissao),) if comissao is not None else ()),
            )
        )
    return saida


lotes_st = st.lists(st.integers(1, 15), min_size=1, max_size=4)


def apurar(r: Regras, cands: list[Candidato], lotes: list[int]) -> Certame:
    certame = Certame(r, {"C": lotes[0]}, cands)
    certame.abrir()
    dia = EDITAL
    for q in lotes[1:]:
        dia += timedelta(days=30)
        certame.ofertar_vagas("C", q, dia, "novas vagas")
    return certame


def por_lote(certame: Certame) -> dict[int, list[Nomeacao]]:
    saida: dict[int, list[Nomeacao]] = {}
    for n in certame.nomeacoes("C"):
        saida.setdefault(n.lote, []).append(n)
    return saida


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_ninguem_nomeado_duas_vezes(cands: list[Candidato], lotes: list[int], pcd: bool) -> None:
    inscricoes = [n.inscricao for n in apurar(regras(pcd), cands, lotes).nomeacoes("C")]
    assert len(inscricoes) == len(set(inscricoes))


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_reservadas_nunca_excedem_o_devido_e_o_igualam_quando_ha_candidatos(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    r = regras(pcd)
    certame = apurar(r, cands, lotes)
    total = sum(lotes)
    for grupo in r.grupos:
        devidas = 0
        if total >= grupo.limiar:
            devidas = arredondar(percentual_de(grupo.percentual, total), grupo.arredondamento)
            if grupo.teto is not None:
                devidas = min(devidas, int(percentual_de(grupo.teto, total)))
        designadas = sum(1 for v in certame.vagas("C") if v.reservada_para == grupo.nome)
        assert designadas == devidas
        nomeados = [n for n in certame.nomeacoes("C") if n.modalidade == grupo.nome]
        assert len(nomeados) <= devidas
        lista = certame.listas("C").reservadas[grupo.nome]
        if len(lista) >= total:  # candidatos suficientes mesmo depois das vagas de ampla
            assert len(nomeados) == devidas


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_cada_lote_termina_com_cada_grupo_quite(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    r = regras(pcd)
    certame = apurar(r, cands, lotes)
    fim = 0
    for q in lotes:
        fim += q
        for grupo in r.grupos:
            designadas = sum(1 for v in certame.vagas("C")[:fim] if v.reservada_para == grupo.nome)
            esperado = 0
            if fim >= grupo.limiar:
                esperado = arredondar(percentual_de(grupo.percentual, fim), grupo.arredondamento)
                if grupo.teto is not None:
                    esperado = min(esperado, int(percentual_de(grupo.teto, fim)))
            assert designadas == esperado


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_vagas_de_ampla_seguem_a_lista_geral_em_ordem(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    certame = apurar(regras(pcd), cands, lotes)
    posicao = {c.inscricao: i for i, c in enumerate(certame.listas("C").geral)}
    ampla = [n for n in certame.nomeacoes("C") if n.modalidade == "ampla"]
    ranks = [posicao[n.inscricao] for n in sorted(ampla, key=lambda n: n.vaga)]
    assert ranks == sorted(ranks)


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_negro_dentro_das_vagas_de_ampla_nao_conta_na_reserva(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    certame = apurar(regras(pcd), cands, lotes)
    geral = [c.inscricao for c in certame.listas("C").geral]
    ja: set[str] = set()
    vagas = certame.vagas("C")
    for lote, nomeacoes in sorted(por_lote(certame).items()):
        ampla_do_lote = sum(1 for v in vagas if v.lote == lote and v.reservada_para is None)
        disponiveis = [i for i in geral if i not in ja][:ampla_do_lote]
        for n in nomeacoes:
            if n.modalidade != "ampla":
                assert n.inscricao not in disponiveis
        ja |= {n.inscricao for n in nomeacoes}


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_reversao_so_quando_a_lista_se_esgota(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    certame = apurar(regras(pcd), cands, lotes)
    nomeados_ate: dict[int, set[str]] = {}
    acumulado: set[str] = set()
    for lote, nomeacoes in sorted(por_lote(certame).items()):
        acumulado |= {n.inscricao for n in nomeacoes}
        nomeados_ate[lote] = set(acumulado)
    for n in certame.nomeacoes("C"):
        if n.revertida:
            assert n.reservada_para is not None
            lista = certame.listas("C").reservadas[n.reservada_para]
            assert all(c.inscricao in nomeados_ate[n.lote] for c in lista)


@CONFIG
@given(candidatos(), lotes_st, st.integers(1, 12), st.booleans())
def test_novas_vagas_nunca_tiram_quem_ja_foi_escolhido(
    cands: list[Candidato], lotes: list[int], extra: int, pcd: bool
) -> None:
    r = regras(pcd)
    antes = apurar(r, cands, lotes).nomeacoes("C")
    depois = apurar(r, cands, [*lotes, extra]).nomeacoes("C")
    assert depois[: len(antes)] == antes


@CONFIG
@given(candidatos(), lotes_st, st.booleans())
def test_negro_nomeado_sem_reserva_tambem_o_e_com_ela(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    com = regras(pcd)
    sem = replace(com, grupos=tuple(g for g in com.grupos if g.nome != "negros"))
    elegiveis = {c.inscricao for c in apurar(com, cands, lotes).listas("C").reservadas["negros"]}
    # Quem a ampla nomeia sem a reserva. (Quem veio da lista de PcD não entra: com a reserva a
    # negros há menos vagas de ampla, e um PcD mais bem classificado que a ampla deixou de chamar
    # pode ocupar a vaga de PcD antes dele — exemplo achado pelo hypothesis: 5 vagas, o
    # candidato negro e PcD 6º da geral é nomeado pela lista de PcD sem a reserva a negros e
    # não com ela, quando um negro à frente dele ocupa a vaga dos negros.)
    sem_reserva = {
        n.inscricao for n in apurar(sem, cands, lotes).nomeacoes("C") if n.modalidade == "ampla"
    }
    com_reserva = {n.inscricao for n in apurar(com, cands, lotes).nomeacoes("C")}
    assert (sem_reserva & elegiveis) <= com_reserva


@CONFIG
@given(candidatos(), lotes_st, st.booleans(), st.randoms(use_true_random=False))
def test_resultado_independe_da_ordem_das_linhas(
    cands: list[Candidato], lotes: list[int], pcd: bool, rnd: random.Random
) -> None:
    r = regras(pcd)
    embaralhados = list(cands)
    rnd.shuffle(embaralhados)
    a = apurar(r, cands, lotes).nomeacoes("C")
    b = apurar(r, embaralhados, lotes).nomeacoes("C")
    assert a == b


@CONFIG
@given(candidatos(minimo=10), st.integers(3, 20), st.data())
def test_desistencias_e_anulacoes_recompoem_pela_mesma_lista(
    cands: list[Candidato], vagas: int, data: st.DataObject
) -> None:
    r = regras(True)
    certame = Certame(r, {"C": vagas}, cands)
    certame.abrir()
    dia = EDITAL
    for _ in range(data.draw(st.integers(1, 5))):
        ocupantes = [i for i in certame.ocupantes("C").values() if i]
        if not ocupantes:
            break
        alvo = data.draw(st.sampled_from(sorted(ocupantes)))
        dia += timedelta(days=1)
        vaga = next(n for n in reversed(certame.nomeacoes("C")) if n.inscricao == alvo)
        declarou = next(c for c in cands if c.inscricao == alvo).optou("negros")
        saida = data.draw(st.sampled_from(["desistencia", "anulacao", "eliminacao"]))
        if saida == "desistencia":
            novas = certame.desistencia(dia, alvo)
        elif saida == "anulacao" and declarou:  # a declaração falsa é a da autodeclaração
            novas = certame.anulacao(dia, alvo, PROCEDIMENTO)
        else:
            novas = certame.eliminacao(dia, alvo, "Edital, item 9", "Não tomou posse")
        for n in novas:
            assert n.vaga == vaga.vaga
            assert n.substitui == alvo
            assert n.reservada_para == vaga.reservada_para
            if n.reservada_para is not None and not n.revertida:
                assert n.modalidade == n.reservada_para
    inscricoes = [n.inscricao for n in certame.nomeacoes("C")]
    assert len(inscricoes) == len(set(inscricoes))


def test_desistencia_na_ampla_nao_cita_o_artigo_da_desistencia_de_negros() -> None:
    from cotas.motor.certame import Certame as CertameMotor

    r = regras(False)
    candidatos = [
        Candidato(f"B{i}", f"B{i}", "C", Decimal(100 - i), cor_raca=CorRaca.BRANCA)
        for i in range(5)
    ]
    certame = CertameMotor(r, {"C": 2}, candidatos)
    certame.abrir()
    certame.desistencia(EDITAL, "B0")
    (ocorrencia,) = certame.ocorrencias("C")
    assert "14" not in " ".join(ref.artigo for ref in ocorrencia.razao.fundamentos)


@CONFIG
@given(candidatos(maximo=20), lotes_st, st.booleans())
def test_vagas_sem_candidato_sao_as_ultimas_do_lote(
    cands: list[Candidato], lotes: list[int], pcd: bool
) -> None:
    """Faltando candidatos num lote, nenhuma vaga vazia vem antes de uma preenchida do mesmo
    lote: a reservada que reverte à ampla é preenchida antes das vagas seguintes."""
    certame = apurar(regras(pcd), cands, lotes)
    ocupantes = certame.ocupantes("C")
    for lote in certame.lotes("C"):
        numeros = [v.numero for v in certame.vagas("C") if v.lote == lote.numero]
        cheias = [ocupantes.get(n) is not None for n in numeros]
        assert cheias == sorted(cheias, reverse=True), (lote.numero, numeros, cheias)
