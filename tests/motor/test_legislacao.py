"""O carregador de leis: rejeita o que não tem fundamento e resolve vigências e revogações."""

from __future__ import annotations

from datetime import date

import pytest

from cotas.motor.erros import LeiInvalida, NenhumaLeiAplicavel
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, montar_catalogo

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
[falsidade]
efeito = "nula a inscrição"
efeito_se_nomeado = "nula a inscrição e a nomeação"
[[grupos]]
nome = "negros"
rotulo = "Negros (pretos e pardos)"
coluna_opcao = "reserva_negros"
coluna_verificacao = "heteroidentificacao"
"""

COMPLETOS = {
    "abrangencia": '["concurso_publico"]',
    "negros.percentual": '"20"',
    "negros.limiar_vagas": "3",
    "negros.arredondamento": '"meio_para_cima"',
    "negros.fracao_entre_lotes": '"total_acumulado"',
    "negros.cores": '["preta", "parda"]',
    "negros.concorrencia_concomitante": "true",
    "negros.desistencia": '"proximo_da_mesma_lista"',
    "negros.reversao": '"ampla"',
    "ordem.alternancia_proporcionalidade": "true",
    "falsidade.anulacao": "true",
    "heteroidentificacao.exigida": "false",
}


def lei(**trocas: str | None) -> str:
    texto = BASE
    for nome, valor in {**COMPLETOS, **trocas}.items():
        if valor is None:
            continue
        texto += f'\n[[parametros]]\nnome = "{nome}"\nvalor = {valor}\n'
        texto += 'artigo = "art. 1º"\ntexto = "Texto da lei."\n'
    return texto


def test_lei_completa_carrega() -> None:
    carregada = carregar_lei(lei(), "teste.toml")
    assert carregada.parametros["negros.percentual"].em(date(2021, 1, 1)).valor == "20"  # type: ignore[union-attr]
    assert carregada.parametros["negros.percentual"].em(date(2019, 1, 1)) is None


def test_parametro_sem_referencia_e_rejeitado() -> None:
    texto = lei() + '\n[[parametros]]\nnome = "falsidade.encaminhamento"\nvalor = true\n'
    with pytest.raises(LeiInvalida, match="sem referência legal"):
        carregar_lei(texto, "teste.toml")


def test_chave_toml_duplicada_e_rejeitada() -> None:
    with pytest.raises(LeiInvalida, match="TOML inválido"):
        carregar_lei(lei().replace('ementa = "Teste."', 'ementa = "Teste."\nid = "x"'), "t.toml")


def test_parametro_repetido_no_mesmo_periodo_e_rejeitado() -> None:
    texto = lei() + (
        '\n[[parametros]]\nnome = "negros.percentual"\nvalor = "30"\ndesde = 2022-01-01\n'
        'artigo = "art. 2º"\ntexto = "Outro texto."\n'
    )
    with pytest.raises(LeiInvalida, match="sobrepostos"):
        carregar_lei(texto, "teste.toml")


def test_valores_datados_sem_sobreposicao_sao_aceitos() -> None:
    texto = lei(**{"negros.percentual": None}) + (
        '\n[[parametros]]\nnome = "negros.percentual"\nvalor = "20"\nate = 2021-12-31\n'
        'artigo = "art. 1º"\ntexto = "Vinte por cento."\n'
        '\n[[parametros]]\nnome = "negros.percentual"\nvalor = "30"\ndesde = 2022-01-01\n'
        'artigo = "art. 1º (redação da Lei 2/2022)"\ntexto = "Trinta por cento."\n'
    )
    carregada = carregar_lei(texto, "teste.toml")
    p = carregada.parametros["negros.percentual"]
    assert p.em(date(2021, 12, 31)).valor == "20"  # type: ignore[union-attr]
    assert p.em(date(2022, 1, 1)).valor == "30"  # type: ignore[union-attr]


def test_parametro_obrigatorio_ausente_e_rejeitado() -> None:
    with pytest.raises(LeiInvalida, match=r"negros\.limiar_vagas"):
        carregar_lei(lei(**{"negros.limiar_vagas": None}), "teste.toml")


def test_parametro_desconhecido_pelo_motor_e_rejeitado() -> None:
    texto = lei() + '\n[[parametros]]\nnome = "inventado"\nvalor = 1\nartigo = "a"\ntexto = "t"\n'
    with pytest.raises(LeiInvalida, match="desconhecido pelo motor"):
        carregar_lei(texto, "teste.toml")


def test_valor_invalido_e_rejeitado() -> None:
    with pytest.raises(LeiInvalida, match="percentual"):
        carregar_lei(lei(**{"negros.percentual": '"120"'}), "teste.toml")


def test_vigencias_sobrepostas_no_mesmo_municipio_sao_rejeitadas() -> None:
    a = carregar_lei(lei(), "a.toml")
    b = carregar_lei(lei().replace("lei-1-2020", "lei-2-2021"), "b.toml")
    with pytest.raises(LeiInvalida, match="se sobrepõem"):
        montar_catalogo([a, b])


def test_nova_lei_de_outro_municipio_e_so_um_arquivo() -> None:
    nova = carregar_lei(lei(), "teste.toml")
    catalogo = montar_catalogo([*catalogo_padrao().leis, nova])
    assert "Teste/RS" in catalogo.municipios()


def test_catalogo_padrao_resolve_a_revogacao_da_lei_4016() -> None:
    catalogo = catalogo_padrao()
    antiga = catalogo.lei("montenegro-rs/lei-4016-2004")
    assert antiga.vigencia_fim == date(2025, 4, 3)
    assert antiga.referencia_revogacao is not None
    assert "revoga, expressamente" in antiga.referencia_revogacao.texto
    assert antiga.parametros["negros.percentual"].em(date(2010, 1, 1)).valor == "12"  # type: ignore[union-attr]
    assert "negros.limiar_vagas" in antiga.desconhecidos()


def test_revisao_decenal_de_mostardas() -> None:
    mostardas = catalogo_padrao().lei("mostardas-rs/lei-3920-2019")
    assert mostardas.revisao_em() == date(2029, 1, 29)
    assert mostardas.referencia_revisao is not None
    assert "reavaliada a cada 10 (dez) anos" in mostardas.referencia_revisao.texto


def test_todo_parametro_das_leis_tem_artigo_e_texto() -> None:
    for lei_ in catalogo_padrao().leis:
        for parametro in lei_.parametros.values():
            for valor in parametro.valores:
                assert valor.referencia.artigo and len(valor.referencia.texto) > 20


def test_lei_inexistente() -> None:
    with pytest.raises(LeiInvalida, match="não modelada"):
        catalogo_padrao().lei("porto-alegre-rs/lei-1-2000")


def test_municipio_sem_lei() -> None:
    from cotas.motor.regras import regras_aplicaveis

    with pytest.raises(NenhumaLeiAplicavel, match="Nenhuma lei modelada"):
        regras_aplicaveis(catalogo_padrao(), municipio="Pelotas/RS", data_edital=date(2025, 1, 1))


def test_lei_4016_com_comissao_informada_pelo_operador() -> None:
    """A Lei 4.016 conhecida não diz se há comissão; quem informa que há informa como ela
    funciona, e o motor a monta com esses valores (antes, recusava os parâmetros da comissão)."""
    import tomllib
    from pathlib import Path

    from cotas.motor.regras import regras_aplicaveis

    caminho = Path(__file__).parent / "cenarios" / "lei_4016_com_comissao_informada.toml"
    informados = tomllib.loads(caminho.read_text(encoding="utf-8"))["parametros_lei"]
    regras = regras_aplicaveis(
        catalogo_padrao(),
        lei_id="montenegro-rs/lei-4016-2004",
        data_edital=date(2020, 5, 1),
        informados=informados,
    )
    assert regras.comissao is not None
    assert regras.comissao.membros == 5
    assert regras.comissao.referencias["membros"].texto == "Edital, item 5.1"


def test_publicacao_registrada_depois_move_o_fim_de_todo_valor_da_lei_revogada() -> None:
    """Com a Lei 7.344/2025 publicada em 07/04/2025, a Lei 4.016/2004 vige até 06/04/2025 e o
    seu percentual conhecido (12%) também: informá-lo é recusado (não é lacuna dela)."""
    from cotas.motor.erros import ParametrosDesconhecidos
    from cotas.motor.regras import regras_aplicaveis

    catalogo = catalogo_padrao().com_publicacao("montenegro-rs/lei-7344-2025", date(2025, 4, 7))
    antiga = catalogo.lei("montenegro-rs/lei-4016-2004")
    assert antiga.vigencia_fim == date(2025, 4, 6)
    for parametro in antiga.parametros.values():
        for valor in parametro.valores:
            assert valor.ate == date(2025, 4, 6), parametro.nome
    with pytest.raises(ParametrosDesconhecidos) as info:
        regras_aplicaveis(catalogo, municipio="Montenegro/RS", data_edital=date(2025, 4, 5))
    assert "negros.percentual" not in info.value.nomes
    with pytest.raises(LeiInvalida, match=r"negros\.percentual"):
        regras_aplicaveis(
            catalogo,
            municipio="Montenegro/RS",
            data_edital=date(2025, 4, 5),
            informados={"negros.percentual": {"valor": "12", "justificativa": "x"}},
        )


# Texto que não é da lei: um marcador no lugar do artigo (issue 13: "o carregador rejeita um
# artigo sem texto ou com texto provisório"). Reticências dentro de uma citação ("[...]") são
# trechos omitidos e continuam aceitas.
MARCADORES = [
    "...",
    "…",
    "[...]",
    "(texto)",
    "TODO",
    "TODO: copiar do Planalto",
    "[texto não disponível]",
    "[trecho não encontrado: a cópia termina aqui]",
    "Texto não disponível.",
    "   ",
]


@pytest.mark.parametrize("marcador", MARCADORES)
def test_texto_provisorio_no_parametro_e_rejeitado(marcador: str) -> None:
    texto = lei(**{"negros.percentual": None}) + (
        '\n[[parametros]]\nnome = "negros.percentual"\nvalor = "20"\n'
        f'artigo = "art. 1º"\ntexto = "{marcador}"\n'
    )
    with pytest.raises(LeiInvalida, match=r"negros\.percentual.*texto"):
        carregar_lei(texto, "teste.toml")


@pytest.mark.parametrize("marcador", MARCADORES)
def test_texto_provisorio_na_vigencia_e_rejeitado(marcador: str) -> None:
    texto = lei().replace(
        'texto = "Esta lei entra em vigor na data de sua publicação."', f'texto = "{marcador}"'
    )
    with pytest.raises(LeiInvalida, match=r"\[vigencia\].*texto"):
        carregar_lei(texto, "teste.toml")


def test_trecho_omitido_dentro_de_uma_citacao_e_aceito() -> None:
    texto = lei(**{"negros.percentual": None}) + (
        '\n[[parametros]]\nnome = "negros.percentual"\nvalor = "20"\n'
        'artigo = "art. 1º"\ntexto = "Ficam reservadas aos negros [...] 20% das vagas."\n'
    )
    carregada = carregar_lei(texto, "teste.toml")
    ref = carregada.parametros["negros.percentual"].valores[0].referencia
    assert ref.texto == "Ficam reservadas aos negros [...] 20% das vagas."


def test_nenhuma_lei_do_catalogo_tem_texto_provisorio() -> None:
    for lei_ in catalogo_padrao().leis:
        refs = [lei_.referencia_vigencia, *lei_.citacoes.values()]
        refs += [v.referencia for p in lei_.parametros.values() for v in p.valores]
        for ref in refs:
            assert ref.texto.strip(" .…[]()") and "TODO" not in ref.texto.split(), (lei_.id, ref)
