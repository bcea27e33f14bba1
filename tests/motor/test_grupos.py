"""Leis com vários grupos, só como dados: uma lei de teste com 1 a 4 grupos (percentuais,
verificação documental, migração entre grupos, quem é de vários grupos) apurada pelo mesmo motor
das leis municipais, sem uma linha de Python própria."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotas.motor.aritmetica import arredondar, percentual_de
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame
from cotas.motor.colunar import montar_listas
from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import carregar_lei, montar_catalogo
from cotas.motor.regras import Regras, regras_aplicaveis
from tests.hipoteses import exemplos

EDITAL = date(2026, 3, 1)
CONFIG = settings(max_examples=exemplos(80), suppress_health_check=[HealthCheck.too_slow])
NOMES = ("pretos_pardos", "indigenas", "quilombolas", "quarto")
# (Um código, um rótulo: os mesmos da Lei 15.142/2025 do catálogo.)
ROTULOS = {
    "pretos_pardos": "Pessoas pretas e pardas",
    "indigenas": "Pessoas indígenas",
    "quilombolas": "Pessoas quilombolas",
    "quarto": "Quarto grupo de teste",
}


def _parametro(nome: str, valor: str) -> str:
    return (
        f'[[parametros]]\nnome = "{nome}"\nvalor = {valor}\nartigo = "art. {nome}"\n'
        f'texto = "Texto de {nome}."\n'
    )


def lei_de_teste(
    percentuais: tuple[str, ...] = ("25", "3", "2"),
    *,
    reversoes: dict[str, list[str]] | None = None,
    verificacoes: dict[str, str] | None = None,
    varios: str | None = "maior_percentual",
    limiar: int = 2,
) -> str:
    """Uma lei de teste com um grupo por percentual dado, na ordem de `NOMES`."""
    nomes = NOMES[: len(percentuais)]
    texto = (
        'id = "teste-br/lei-1-2026"\nnorma = "Lei 1/2026"\ntitulo = "Lei nº 1, de 2026"\n'
        'municipio = "Teste/BR"\nementa = "Teste."\n[vigencia]\ninicio = 2026-01-01\n'
        'artigo = "art. 9"\ntexto = "Em vigor na publicação."\n'
        '[falsidade]\nefeito = "nula a inscrição"\nefeito_se_nomeado = "nula a nomeação"\n'
    )
    for nome in nomes:
        texto += (
            f'[[grupos]]\nnome = "{nome}"\nrotulo = "{ROTULOS[nome]}"\n'
            f'coluna_opcao = "reserva_{nome}"\ncoluna_verificacao = "verificacao_{nome}"\n'
        )
    gerais = {
        "abrangencia": '["concurso_publico"]',
        "ordem.alternancia_proporcionalidade": "true",
        "falsidade.anulacao": "true",
        "heteroidentificacao.exigida": "false",
    }
    if varios is not None and len(nomes) > 1:
        gerais["grupos.candidato_em_varios"] = f'"{varios}"'
    for nome, valor in gerais.items():
        texto += _parametro(nome, valor)
    for nome, percentual in zip(nomes, percentuais, strict=True):
        reversao = (reversoes or {}).get(nome, ["ampla"])
        valores = {
            "percentual": f'"{percentual}"',
            "limiar_vagas": str(limiar),
            "arredondamento": '"meio_para_cima"',
            "fracao_entre_lotes": '"total_acumulado"',
            "concorrencia_concomitante": "true",
            "desistencia": '"proximo_da_mesma_lista"',
            "reversao": "[" + ", ".join(f'"{d}"' for d in reversao) + "]",
            "verificacao": f'"{(verificacoes or {}).get(nome, "nenhuma")}"',
        }
        if nome == "pretos_pardos":
            valores["cores"] = '["preta", "parda"]'
        for chave, valor in valores.items():
            texto += _parametro(f"{nome}.{chave}", valor)
    return texto


def regras_de(texto: str) -> Regras:
    lei = carregar_lei(texto, "teste.toml")
    return regras_aplicaveis(montar_catalogo([lei]), data_edital=EDITAL, lei_id=lei.id)


def candidato(
    i: int,
    nota: int,
    grupos: tuple[str, ...] = (),
    cor: CorRaca = CorRaca.PARDA,
    verificacoes: tuple[tuple[str, Heteroidentificacao], ...] = (),
) -> Candidato:
    return Candidato(
        inscricao=f"I{i:03d}",
        nome=f"Pessoa {i}",
        cargo="C",
        nota=Decimal(nota),
        cor_raca=cor,
        reservas=frozenset(grupos),
        verificacoes=verificacoes,
    )


def apurar(r: Regras, cands: list[Candidato], vagas: int) -> Certame:
    certame = Certame(r, {"C": vagas}, cands)
    certame.abrir()
    return certame


def test_a_reserva_de_cada_grupo_vem_do_percentual_dele() -> None:
    # 40 vagas: 25% = 10, 3% = 1,2 → 1, 2% = 0,8 → 1 (meio para cima).
    r = regras_de(lei_de_teste())
    certame = apurar(r, [], 40)
    devidas = {g.nome: 0 for g in r.grupos}
    for v in certame.vagas("C"):
        if v.reservada_para:
            devidas[v.reservada_para] += 1
    assert devidas == {"pretos_pardos": 10, "indigenas": 1, "quilombolas": 1}


def test_limiar_de_2_vagas() -> None:
    r = regras_de(lei_de_teste(("30",)))
    assert not any(v.reservada_para for v in apurar(r, [], 1).vagas("C"))
    assert any(v.reservada_para for v in apurar(r, [], 2).vagas("C"))


def test_vaga_quilombola_sem_candidato_migra_para_indigenas_depois_pretos_depois_ampla() -> None:
    ordem = {
        "quilombolas": ["indigenas", "pretos_pardos", "ampla"],
        "indigenas": ["quilombolas", "pretos_pardos", "ampla"],
    }
    r = regras_de(lei_de_teste(reversoes=ordem))
    # Ninguém optou por quilombolas; um indígena sobra depois da vaga dele; pretos e pardos muitos.
    cands = [candidato(i, 100 - i) for i in range(30)]
    cands += [candidato(100 + i, 50 - i, ("pretos_pardos",)) for i in range(15)]
    cands += [candidato(200 + i, 20 - i, ("indigenas",), CorRaca.INDIGENA) for i in range(2)]
    certame = apurar(r, cands, 40)
    quilombola = next(v for v in certame.vagas("C") if v.reservada_para == "quilombolas")
    ocupacao = {n.vaga: n for n in certame.nomeacoes("C")}
    nomeado = ocupacao[quilombola.numero]
    assert nomeado.modalidade == "indigenas" and nomeado.inscricao == "I201"
    assert "art. quilombolas.reversao" in " ".join(f.artigo for f in nomeado.razao.fundamentos)


def test_sem_indigenas_a_vaga_migra_para_pretos_e_pardos_e_sem_eles_para_a_ampla() -> None:
    ordem = {"quilombolas": ["indigenas", "pretos_pardos", "ampla"]}
    r = regras_de(lei_de_teste(reversoes=ordem))
    cands = [candidato(i, 100 - i) for i in range(45)]
    cands += [candidato(100 + i, 50 - i, ("pretos_pardos",)) for i in range(11)]
    certame = apurar(r, cands, 40)
    quilombola = next(v for v in certame.vagas("C") if v.reservada_para == "quilombolas")
    nomeado = {n.vaga: n for n in certame.nomeacoes("C")}[quilombola.numero]
    assert nomeado.modalidade == "pretos_pardos"
    # Sem ninguém nos grupos, a mesma vaga vai à ampla.
    certame = apurar(r, [candidato(i, 100 - i) for i in range(45)], 40)
    nomeado = {n.vaga: n for n in certame.nomeacoes("C")}[quilombola.numero]
    assert nomeado.modalidade == "ampla"


def test_indigena_e_preto_e_classificado_so_no_grupo_de_maior_percentual() -> None:
    r = regras_de(lei_de_teste())
    c = candidato(1, 90, ("pretos_pardos", "indigenas"), CorRaca.PRETA)
    listas = apurar(r, [c], 40).listas("C")
    assert [x.inscricao for x in listas.reservadas["pretos_pardos"]] == ["I001"]
    assert list(listas.reservadas["indigenas"]) == []
    [razao] = listas.observacoes["I001"]
    assert razao.codigo == "varios_grupos" and razao.fundamentos[0].artigo.endswith("varios")
    # Com "todos", nas duas.
    r = regras_de(lei_de_teste(varios="todos"))
    listas = apurar(r, [c], 40).listas("C")
    assert len(listas.reservadas["indigenas"]) == 1 and len(listas.reservadas["pretos_pardos"]) == 1


def test_verificacao_documental_decide_a_lista_do_grupo() -> None:
    r = regras_de(lei_de_teste(verificacoes={"quilombolas": "documental"}))
    confirmado = candidato(
        1, 90, ("quilombolas",), verificacoes=(("quilombolas", Heteroidentificacao.CONFIRMADO),)
    )
    negado = candidato(
        2, 80, ("quilombolas",), verificacoes=(("quilombolas", Heteroidentificacao.NAO_CONFIRMADO),)
    )
    pendente = candidato(3, 70, ("quilombolas",))
    listas = montar_listas(r, "C", [confirmado, negado, pendente])
    assert [c.inscricao for c in listas.reservadas["quilombolas"]] == ["I001"]
    assert [c.inscricao for c in listas.pendentes] == ["I003"]
    assert listas.observacoes["I002"][0].codigo == "verificacao_nao_confirmado"
    assert [c.inscricao for c in listas.geral] == ["I001", "I002", "I003"]  # seguem na ampla


def test_lei_de_varios_grupos_sem_dizer_quem_e_de_varios_e_recusada() -> None:
    with pytest.raises(LeiInvalida, match=r"grupos\.candidato_em_varios"):
        carregar_lei(lei_de_teste(varios=None), "teste.toml")


def test_reversao_para_grupo_que_a_lei_nao_declara_e_recusada() -> None:
    with pytest.raises(LeiInvalida, match="não é outro grupo da lei"):
        carregar_lei(lei_de_teste(reversoes={"indigenas": ["ciganos", "ampla"]}), "teste.toml")


def test_parametro_de_grupo_nao_declarado_e_recusado() -> None:
    texto = lei_de_teste(("20",)) + _parametro("indigenas.percentual", '"3"')
    with pytest.raises(LeiInvalida, match="não está declarado em \\[\\[grupos\\]\\]"):
        carregar_lei(texto, "teste.toml")


def test_os_grupos_somam_o_total_que_a_lei_reserva_ao_conjunto() -> None:
    texto = lei_de_teste() + _parametro("grupos.percentual_total", '"30"')
    assert sum(g.percentual for g in regras_de(texto).grupos) == 30
    texto = lei_de_teste(("25", "3", "1")) + _parametro("grupos.percentual_total", '"30"')
    with pytest.raises(LeiInvalida, match=r"somam 29% .*reserva 30% ao conjunto"):
        regras_de(texto)


# -- propriedades sobre leis aleatórias de 1 a 4 grupos --------------------------------------


@st.composite
def certames(draw: st.DrawFn) -> tuple[Regras, list[Candidato], int]:
    n = draw(st.integers(1, 4))
    percentuais = tuple(str(draw(st.integers(1, 25))) for _ in range(n))
    nomes = NOMES[:n]
    reversoes = {
        nome: [*draw(st.permutations([o for o in nomes if o != nome])), "ampla"] for nome in nomes
    }
    varios = draw(st.sampled_from(["todos", "maior_percentual"]))
    r = regras_de(lei_de_teste(percentuais, reversoes=reversoes, varios=varios))
    k = draw(st.integers(0, 50))
    notas = draw(st.lists(st.integers(0, 10_000), min_size=k, max_size=k, unique=True))
    cands = []
    for i, nota in enumerate(notas):
        grupos = tuple(g for g in nomes if draw(st.integers(0, 3)) == 0)
        cands.append(candidato(i, nota, grupos))
    return r, cands, draw(st.integers(1, 60))


@CONFIG
@given(certames())
def test_ninguem_nomeado_duas_vezes(caso: tuple[Regras, list[Candidato], int]) -> None:
    r, cands, vagas = caso
    inscricoes = [n.inscricao for n in apurar(r, cands, vagas).nomeacoes("C")]
    assert len(inscricoes) == len(set(inscricoes))


@CONFIG
@given(certames())
def test_cada_grupo_recebe_o_devido_e_nunca_mais(caso: tuple[Regras, list[Candidato], int]) -> None:
    r, cands, vagas = caso
    certame = apurar(r, cands, vagas)
    for grupo in r.grupos:
        devidas = 0
        if vagas >= grupo.limiar:
            devidas = arredondar(percentual_de(grupo.percentual, vagas), grupo.arredondamento)
        designadas = [v for v in certame.vagas("C") if v.reservada_para == grupo.nome]
        assert len(designadas) == devidas
        nomeados = [n for n in certame.nomeacoes("C") if n.modalidade == grupo.nome]
        proprios = [n for n in nomeados if n.reservada_para == grupo.nome]
        assert len(proprios) <= devidas
        lista = certame.listas("C").reservadas[grupo.nome]
        if len(lista) >= vagas:  # candidatos de sobra: o grupo recebe exatamente o devido
            assert len(proprios) == devidas


@CONFIG
@given(certames())
def test_migracao_so_com_a_lista_esgotada_e_na_ordem_da_lei(
    caso: tuple[Regras, list[Candidato], int],
) -> None:
    r, cands, vagas = caso
    certame = apurar(r, cands, vagas)
    nomeados = {n.inscricao for n in certame.nomeacoes("C")}
    listas = certame.listas("C")
    for n in certame.nomeacoes("C"):
        if n.reservada_para is None or n.modalidade == n.reservada_para:
            continue
        # A lista do grupo da vaga se esgotou: todos os dela foram nomeados.
        assert all(c.inscricao in nomeados for c in listas.reservadas[n.reservada_para])
        # E os grupos antes do que recebeu, na ordem da lei, também.
        destinos = r.grupo(n.reservada_para).migracao  # type: ignore[union-attr]
        antes = destinos[: destinos.index(n.modalidade)] if n.modalidade in destinos else destinos
        for outro in antes:
            assert all(c.inscricao in nomeados for c in listas.reservadas[outro])


def test_titulo_de_coluna_repetido_entre_grupos_e_recusado() -> None:
    texto = lei_de_teste().replace(
        'coluna_opcao = "reserva_indigenas"', 'coluna_opcao = "reserva_pretos_pardos"'
    )
    with pytest.raises(LeiInvalida, match="título de coluna 'reserva_pretos_pardos' já é de outra"):
        carregar_lei(texto, "teste.toml")


def test_coluna_do_grupo_com_o_titulo_de_uma_coluna_de_todo_certame_e_erro_da_lei() -> None:
    from cotas.arquivos.esquema import esquema_do_certame

    texto = lei_de_teste(("20",)).replace(
        'coluna_opcao = "reserva_pretos_pardos"', 'coluna_opcao = "pcd"'
    )
    with pytest.raises(LeiInvalida, match="repetem o título 'pcd'"):
        esquema_do_certame(regras_de(texto))
