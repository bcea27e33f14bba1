"""O edital como dado (`cotas.motor.edital`): cada valor conferido contra a lei na data do
edital, com as duas citações; o que a lei admite entra nas regras citado como do edital."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from cotas.motor.edital import (
    Edital,
    ModeloDeEdital,
    ValorDoEdital,
    compor,
    conferir_edital,
    informados_do_edital,
    valores_por_assunto,
)
from cotas.motor.legislacao import Catalogo, Lei, carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.ordem import ordem_de_nomeacao
from cotas.motor.regras import parametros_da_contagem, regras_aplicaveis
from cotas.motor.reserva import calcular_reserva
from tests.hipoteses import exemplos

DIA = date(2026, 3, 2)
LEI_ID = "teste-rs/lei-1-2020"
ARREDONDAMENTOS = ("meio_para_cima", "cima", "baixo")

BASE = """
id = "teste-rs/lei-1-2020"
norma = "Lei 1/2020 de Teste/RS"
titulo = "Lei nº 1, de 2020"
municipio = "Teste/RS"
ementa = "Teste."
[vigencia]
inicio = 2020-01-01
artigo = "art. 9º"
texto = "Esta lei entra em vigor na data de sua publicação."
[[grupos]]
nome = "negros"
rotulo = "Negros (pretos e pardos)"
coluna_opcao = "reserva_negros"
"""


def _parametro(nome: str, valor: str, artigo: str) -> str:
    return f'\n[[parametros]]\nnome = "{nome}"\nvalor = {valor}\nartigo = "{artigo}"\ntexto = "T"\n'


def lei_de_teste(percentual: Decimal, minimo: bool, limiar: int) -> Lei:
    """Uma lei com o percentual (mínimo ou não) e o limiar fixados e o arredondamento e a
    alternância deixados em aberto."""
    texto = BASE + _parametro("negros.percentual", f'"{percentual}"', "art. 1º")
    if minimo:
        texto += _parametro("negros.percentual_minimo", "true", "art. 1º, caput")
    texto += _parametro("negros.limiar_vagas", str(limiar), "art. 2º")
    for nome, valor in {
        "abrangencia": '["concurso_publico"]',
        "negros.fracao_entre_lotes": '"total_acumulado"',
        "negros.concorrencia_concomitante": "true",
        "negros.desistencia": '"proximo_da_mesma_lista"',
        "negros.reversao": '"ampla"',
        "falsidade.anulacao": "false",
        "heteroidentificacao.exigida": "false",
    }.items():
        texto += _parametro(nome, valor, "art. 3º")
    for nome in ("negros.arredondamento", "ordem.alternancia_proporcionalidade"):
        texto += f'\n[[parametros]]\nnome = "{nome}"\ndesconhecido = true\n'
    return carregar_lei(texto, "teste.toml")


def edital_com(**valores: tuple[object, str]) -> Edital:
    return Edital(
        numero="93/2026",
        orgao="Prefeitura de Teste",
        data=DIA,
        lei=LEI_ID,
        valores={
            nome.replace("__", "."): ValorDoEdital(nome.replace("__", "."), v, item, "Palavras.")
            for nome, (v, item) in valores.items()
        },
    )


def _catalogo(lei: Lei) -> Catalogo:
    return montar_catalogo([lei])


def test_o_percentual_abaixo_do_minimo_e_recusado_com_as_duas_citacoes() -> None:
    lei = lei_de_teste(Decimal(20), minimo=True, limiar=3)
    (recusa,) = conferir_edital(_catalogo(lei), edital_com(negros__percentual=("15", "item 4.1")))
    assert recusa.nome == "negros.percentual"
    assert "Edital nº 93/2026, item 4.1" in recusa.mensagem
    assert "Lei 1/2020 de Teste/RS, art. 1º" in recusa.mensagem
    assert "abaixo do mínimo de 20%" in recusa.mensagem


def test_o_que_contradiz_a_lei_o_desconhecido_e_o_de_tipo_errado_saem_juntos() -> None:
    lei = lei_de_teste(Decimal(20), minimo=False, limiar=3)
    edital = edital_com(
        negros__percentual=("25", "item 4.1"),
        negros__limiar_vagas=(3, "item 4.2"),  # (repete a lei: aceito, vale a lei)
        negros__arredondamento=("para_o_lado", "item 4.3"),
        indigenas__percentual=("3", "item 4.4"),
        ordem__alternancia_proporcionalidade=(True, "item 9.1"),
    )
    recusas = {r.nome: r.mensagem for r in conferir_edital(_catalogo(lei), edital)}
    assert set(recusas) == {"negros.percentual", "negros.arredondamento", "indigenas.percentual"}
    assert (
        'contradiz a lei, que fixa "20" (Lei 1/2020 de Teste/RS, art. 1º)'
        in recusas["negros.percentual"]
    )
    assert "(Edital nº 93/2026, item 4.3): valor inválido" in recusas["negros.arredondamento"]
    assert "parâmetro desconhecido" in recusas["indigenas.percentual"]


def test_o_valor_que_repete_a_lei_e_citado_como_da_lei() -> None:
    lei = lei_de_teste(Decimal(20), minimo=False, limiar=3)
    edital = edital_com(negros__limiar_vagas=(3, "item 4.2"))
    assert conferir_edital(_catalogo(lei), edital) == []
    assert informados_do_edital(lei, edital) == {}


def test_o_modelo_da_os_valores_e_o_edital_diz_o_que_muda() -> None:
    modelo = ModeloDeEdital(
        id="prefeitura/concurso",
        versao="2",
        titulo="Modelo de edital da Prefeitura de Teste",
        orgao="Prefeitura de Teste",
        lei=LEI_ID,
        valores={
            "negros.arredondamento": ValorDoEdital("negros.arredondamento", "cima", "item 3", "A."),
            "ordem.alternancia_proporcionalidade": ValorDoEdital(
                "ordem.alternancia_proporcionalidade", True, "item 9", "B."
            ),
        },
    )
    proprio = {"negros.arredondamento": ValorDoEdital("negros.arredondamento", "baixo", "4.3", "C")}
    valores = compor(proprio, modelo)
    edital = Edital("93/2026", "Prefeitura", DIA, LEI_ID, valores, modelo)
    assert edital.referencia("negros.arredondamento").citacao() == "Edital nº 93/2026, 4.3"
    assert (
        edital.referencia("ordem.alternancia_proporcionalidade").citacao()
        == "Edital nº 93/2026 (modelo prefeitura/concurso@2), item 9"
    )
    assert valores["negros.arredondamento"].valor == "baixo"


def test_valores_por_assunto_nas_palavras_da_lei() -> None:
    lei = catalogo_padrao().lei("federal/lei-15142-2025")
    valores = {
        "heteroidentificacao.membros": ValorDoEdital("heteroidentificacao.membros", 5, "7.1", "C"),
        "quilombolas.reversao": ValorDoEdital(
            "quilombolas.reversao", ["indigenas", "ampla"], "item 4.3", "Palavras."
        ),
        "quilombolas.verificacao": ValorDoEdital(
            "quilombolas.verificacao", "documental", "item 6.1", "D"
        ),
    }
    edital = Edital("93/2026", "Autarquia", DIA, lei.id, valores)
    assuntos = valores_por_assunto(lei, edital, DIA)
    assert [a.titulo for a in assuntos] == [
        "Pessoas quilombolas",
        "Comissão de heteroidentificação",
    ]
    reversao, verificacao = assuntos[0].itens
    assert reversao.valor == "Pessoas indígenas, depois ampla concorrência"
    assert reversao.citacao == "Edital nº 93/2026, item 4.3"
    assert reversao.descricao.startswith("Destino das vagas reservadas")
    assert verificacao.valor == "documental"
    assert assuntos[1].itens[0].valor == "5"


@settings(max_examples=exemplos(300))
@given(
    percentual=st.integers(min_value=1, max_value=60).map(Decimal),
    minimo=st.booleans(),
    limiar=st.integers(min_value=0, max_value=5),
    diferenca=st.integers(min_value=-20, max_value=40),
    outro_limiar=st.one_of(st.none(), st.integers(min_value=0, max_value=5)),
    # (os valores que o motor conhece saem mais vezes: o edital inteiro aceito é o caso a ver)
    arredondamento=st.sampled_from((*ARREDONDAMENTOS, *ARREDONDAMENTOS, "para_o_lado", 7)),
    vagas=st.integers(min_value=1, max_value=40),
)
def test_fora_dos_limites_da_lei_e_recusado_dentro_e_usado_e_citado_como_do_edital(
    percentual: Decimal,
    minimo: bool,
    limiar: int,
    diferenca: int,
    outro_limiar: int | None,
    arredondamento: object,
    vagas: int,
) -> None:
    do_edital = min(max(percentual + diferenca, Decimal(1)), Decimal(100))
    limiar_do_edital = limiar if outro_limiar is None else outro_limiar
    lei = lei_de_teste(percentual, minimo, limiar)
    catalogo = _catalogo(lei)
    edital = edital_com(
        negros__percentual=(str(do_edital), "item 4.1"),
        negros__limiar_vagas=(limiar_do_edital, "item 4.2"),
        negros__arredondamento=(arredondamento, "item 4.3"),
        ordem__alternancia_proporcionalidade=(True, "item 9.1"),
    )
    recusados = {r.nome for r in conferir_edital(catalogo, edital)}
    # Os limites da lei: o percentual só acima do mínimo (ou igual ao fixado), o limiar fixado
    # só repetido, o arredondamento em aberto com um dos valores que o motor conhece.
    esperados = set()
    if do_edital < percentual or (not minimo and do_edital != percentual):
        esperados.add("negros.percentual")
    if limiar_do_edital != limiar:
        esperados.add("negros.limiar_vagas")
    if arredondamento not in ARREDONDAMENTOS:
        esperados.add("negros.arredondamento")
    assert recusados == esperados
    if esperados:
        return
    regras = regras_aplicaveis(
        catalogo,
        lei_id=LEI_ID,
        data_edital=DIA,
        informados=informados_do_edital(lei, edital),
        usados=parametros_da_contagem(lei, ordem=True),
    )
    (grupo,) = regras.grupos
    assert grupo.percentual == do_edital
    citacoes = [r.citacao() for r in grupo.ref("percentual")]
    if do_edital > percentual:  # o edital eleva o mínimo: o item dele e o artigo do mínimo
        assert citacoes == ["Edital nº 93/2026, item 4.1", "Lei 1/2020 de Teste/RS, art. 1º, caput"]
    else:  # (o mesmo valor da lei: vale a lei)
        assert citacoes == ["Lei 1/2020 de Teste/RS, art. 1º"]
    assert [r.citacao() for r in grupo.ref("arredondamento")] == ["Edital nº 93/2026, item 4.3"]
    reserva = calcular_reserva(regras, vagas)
    fundamentos = [f.citacao() for f in reserva.razoes["negros"].fundamentos]
    if vagas >= limiar:  # (abaixo do limiar, a razão cita só o limiar da lei)
        assert "Edital nº 93/2026, item 4.3" in fundamentos
        assert ("Edital nº 93/2026, item 4.1" in fundamentos) == (do_edital > percentual)
    else:
        assert fundamentos == ["Lei 1/2020 de Teste/RS, art. 2º"]
    for vaga in ordem_de_nomeacao(regras, [vagas]):
        fundamentos = [f.citacao() for f in vaga.razao.fundamentos]
        assert "Edital nº 93/2026, item 9.1" in fundamentos
        if vaga.reservada_para is not None:
            assert "Edital nº 93/2026, item 4.3" in fundamentos


def test_percentuais_que_passam_do_total_da_lei_sao_recusados_com_as_citacoes() -> None:
    """Antes do regulamento, a divisão dos 30% é do edital: a soma não pode passar do total."""
    catalogo = catalogo_padrao()
    valores = {
        nome: ValorDoEdital(nome, pct, item, "Palavras.")
        for nome, pct, item in (
            ("pretos_pardos.percentual", "26", "item 4.1"),
            ("indigenas.percentual", "3", "item 4.2"),
            ("quilombolas.percentual", "2", "item 4.3"),
        )
    }
    edital = Edital("7/2025", "Autarquia", date(2025, 6, 20), "federal/lei-15142-2025", valores)
    (recusa,) = conferir_edital(catalogo, edital)
    assert recusa.nome == ""
    assert "somam 31%" in recusa.mensagem and "reserva 30%" in recusa.mensagem
    assert "Lei 15.142/2025, art. 1º, caput e § 1º" in recusa.mensagem
    assert "pretos_pardos.percentual: Edital nº 7/2025, item 4.1" in recusa.mensagem
    certo = {
        **valores,
        "pretos_pardos.percentual": replace(valores["pretos_pardos.percentual"], valor="25"),
    }
    assert conferir_edital(catalogo, replace(edital, valores=certo)) == []
