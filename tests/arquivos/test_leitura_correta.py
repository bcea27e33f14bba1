"""Nada importado em silêncio (issue 14): colunas que decidem, cabeçalhos como as pessoas os
escrevem, cargos, codificação, tamanho dos valores, abas, limites dos valores e mensagens."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from cotas.arquivos import candidatos as leitor
from cotas.arquivos.campos import APELIDOS, COLUNAS_OBRIGATORIAS, LIMITE_CARACTERES
from cotas.arquivos.candidatos import LeituraCandidatos, descrever_leitura, ler_candidatos
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import Situacao
from tests.arquivos.planilhas import escrever_ods_abas, escrever_xlsx_abas
from tests.esquemas import esquema_teste

COLUNAS = [
    "inscricao",
    "nome",
    "cargo",
    "nota",
    "situacao",
    "data_nascimento",
    "cor_raca",
    "reserva_negros",
    "pcd",
    "heteroidentificacao",
]
LINHAS = [
    [
        "1",
        "Ana Lima",
        "PROF",
        "8,5",
        "eliminado",
        "01/02/1990",
        "parda",
        "sim",
        "não",
        "confirmado",
    ],
    ["2", "Bia Rocha", "PROF", "7", "aprovado", "1985-12-01", "branca", "não", "não", ""],
]


def csv_de(colunas: list[str], linhas: list[list[str]], sep: str = ";") -> str:
    return "\n".join(sep.join(linha) for linha in [colunas, *linhas]) + "\n"


def sem_coluna(coluna: str) -> str:
    i = COLUNAS.index(coluna)
    return csv_de(
        [c for c in COLUNAS if c != coluna],
        [[v for j, v in enumerate(li) if j != i] for li in LINHAS],
    )


def escrever(pasta: Path, texto: str | bytes, nome: str = "candidatos.csv") -> Path:
    caminho = pasta / nome
    caminho.write_bytes(texto.encode("utf-8") if isinstance(texto, str) else texto)
    return caminho


def ler(caminho: Path, *, comissao: bool = False, **kwargs: object) -> LeituraCandidatos:
    return ler_candidatos(caminho, esquema=esquema_teste(comissao), **kwargs)  # type: ignore[arg-type]


def erros_de(caminho: Path, **kwargs: object) -> ErrosDeEntrada:
    with pytest.raises(ErrosDeEntrada) as excinfo:
        ler(caminho, **kwargs)  # type: ignore[arg-type]
    return excinfo.value


def nos_dois_caminhos(
    caminho: Path, **kwargs: object
) -> tuple[tuple[str, list[Any]], tuple[str, list[Any]]]:
    """O resultado (ou os erros) da leitura em lote e da leitura linha a linha."""
    resultados: list[tuple[str, list[Any]]] = []
    for limiar in (0, float("inf")):
        antes = leitor.LIMIAR_LEITURA_EM_LOTE
        leitor.LIMIAR_LEITURA_EM_LOTE = limiar  # type: ignore[assignment]
        try:
            lido = ler(caminho, **kwargs)  # type: ignore[arg-type]
            resultados.append(("ok", list(lido.candidatos)))
        except ErrosDeEntrada as e:
            resultados.append(("erro", [(x.linha, x.coluna, x.mensagem) for x in e.erros]))
        finally:
            leitor.LIMIAR_LEITURA_EM_LOTE = antes
    return resultados[0], resultados[1]


# ---------------------------------------------------------------- 1. colunas que decidem


@pytest.mark.parametrize("coluna", COLUNAS_OBRIGATORIAS)
def test_falta_coluna_que_decide_e_erro_com_os_nomes_aceitos(coluna: str, tmp_path: Path) -> None:
    caminho = escrever(tmp_path, sem_coluna(coluna) if coluna in COLUNAS else "x")
    erros = erros_de(caminho)
    [erro] = [e for e in erros.erros if e.coluna == coluna]
    assert (erro.linha, erro.mensagem) == (1, "falta esta coluna obrigatória")
    assert erro.dica is not None and all(nome in erro.dica for nome in APELIDOS[coluna])
    assert str(erro).endswith(f"(nomes aceitos no cabeçalho: {', '.join(APELIDOS[coluna])})")


def test_sem_reserva_negros_nada_e_importado(tmp_path: Path) -> None:
    """Antes, todo candidato perdia a reserva em silêncio."""
    caminho = escrever(tmp_path, sem_coluna("reserva_negros"))
    assert [(e.linha, e.coluna) for e in erros_de(caminho).erros] == [(1, "reserva_negros")]


def test_parecer_obrigatorio_so_quando_a_lei_tem_comissao(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, sem_coluna("heteroidentificacao"))
    [erro] = erros_de(caminho, comissao=True).erros
    assert (erro.coluna, erro.mensagem) == ("heteroidentificacao", "falta esta coluna obrigatória")
    lido = ler(caminho, comissao=False)
    assert len(lido.candidatos) == 2
    assert any("heteroidentificacao" in p and "comissão" in p for p in lido.padroes)


def test_padroes_das_colunas_opcionais_ausentes_sao_ditos(tmp_path: Path) -> None:
    lido = ler(escrever(tmp_path, csv_de(COLUNAS, LINHAS)), comissao=True)
    ausentes = {p.split(":")[0] for p in lido.padroes}
    assert ausentes == {
        "sem a coluna cpf",
        "sem a coluna classificacao",
        "sem a coluna opcao_lista",
    }
    assert all(
        linha.startswith("candidatos.csv: sem a coluna") for linha in descrever_leitura(lido)
    )


def test_opcao_lista_exigida_de_quem_optou_pelas_duas_reservas(tmp_path: Path) -> None:
    duas = [[*LINHAS[0][:8], "sim", LINHAS[0][9]], LINHAS[1]]  # Ana: negros e PcD
    caminho = escrever(tmp_path, csv_de(COLUNAS, duas))
    [erro] = erros_de(caminho).erros
    assert (erro.linha, erro.coluna) == (1, "opcao_lista")
    assert "linhas 2)" in erro.mensagem and "duas reservas" in erro.mensagem
    assert nos_dois_caminhos(caminho)[0] == nos_dois_caminhos(caminho)[1]
    com_opcao = csv_de([*COLUNAS, "opcao_lista"], [[*duas[0], "pcd"], [*LINHAS[1], ""]])
    [ana, _] = ler(escrever(tmp_path, com_opcao)).candidatos
    assert ana.opcao_lista == "pcd" and ana.situacao is Situacao.ELIMINADO


# ---------------------------------------------------------------- 2. cabeçalhos


def test_cabecalho_como_as_pessoas_escrevem(tmp_path: Path) -> None:
    titulos = [
        "Nº de Inscrição",
        "Nome do Candidato",
        "CARGO",
        "Nota Final",
        "Situação",
        "Data de Nascimento",
        "Cor/Raça",
        "Reserva Negros",
        "PcD",
        "Parecer da Heteroidentificação",
        "Observações",
    ]
    linhas = [[*LINHAS[0][:8], "não", LINHAS[0][9], "x"], [*LINHAS[1], "y"]]
    lido = ler(escrever(tmp_path, csv_de(titulos, linhas)), comissao=True)
    ana, _ = lido.candidatos
    assert (
        ana.inscricao == "1" and ana.nome == "Ana Lima" and ana.data_nascimento == date(1990, 2, 1)
    )
    assert ana.optou("negros") and ana.situacao is Situacao.ELIMINADO
    assert dict(lido.cabecalho) == {
        "Nº de Inscrição": "inscricao",
        "Nome do Candidato": "nome",
        "CARGO": "cargo",
        "Nota Final": "nota",
        "Situação": "situacao",
        "Data de Nascimento": "data_nascimento",
        "Cor/Raça": "cor_raca",
        "Reserva Negros": "reserva_negros",
        "PcD": "pcd",
        "Parecer da Heteroidentificação": "heteroidentificacao",
        "Observações": None,
    }
    descricao = descrever_leitura(lido)
    assert 'candidatos.csv: coluna "Data de Nascimento" lida como data_nascimento' in descricao
    assert 'candidatos.csv: coluna "Observações" ignorada' in descricao


def test_apelidos_sem_ambiguidade() -> None:
    """Nenhuma grafia aceita nomeia duas colunas."""
    todas = [apelido for nomes in APELIDOS.values() for apelido in nomes]
    assert len(todas) == len(set(todas))


def test_dois_titulos_para_a_mesma_coluna_e_erro(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, csv_de([*COLUNAS, "Cor"], [[*li, "preta"] for li in LINHAS]))
    erros = erros_de(caminho).erros
    assert ("Cor", "coluna repetida no cabeçalho") in [
        (e.coluna, e.mensagem.split(" (")[0]) for e in erros
    ]


# ---------------------------------------------------------------- 3. cargos


def test_cargo_desconhecido_junto_com_os_erros_das_linhas(tmp_path: Path) -> None:
    linhas = [[*LINHAS[0][:8], "não", *LINHAS[0][9:]], ["2", "Bia", "MOT", "oito", *LINHAS[1][4:]]]
    caminho = escrever(tmp_path, csv_de(COLUNAS, linhas))
    erros = erros_de(caminho, cargos={"PROF"}, origem_cargos="cargos do certame (PROF)").erros
    assert [(e.linha, e.coluna) for e in erros] == [(3, "nota"), (3, "cargo")]
    assert erros[1].mensagem == 'o cargo "MOT" (1 candidato) não está nos cargos do certame (PROF)'
    assert (
        nos_dois_caminhos(caminho, cargos={"PROF"})[0]
        == nos_dois_caminhos(caminho, cargos={"PROF"})[1]
    )


# ---------------------------------------------------------------- 17. codificação


def _utf8_com_um_byte_solto() -> bytes:
    valores = ["PROF", "7", "aprovado", "", "parda", "não", "não", ""]
    linhas = [[str(i), f"João Conceição {i}", *valores] for i in range(1, 30)]
    texto = csv_de(COLUNAS, linhas).encode("utf-8")
    return texto.replace("João Conceição 7".encode(), "Jo\xe3o Concei\xe7\xe3o 7".encode("cp1252"))


def test_um_byte_windows_1252_num_utf8_nao_redecodifica_o_arquivo(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, _utf8_com_um_byte_solto())
    erros = erros_de(caminho).erros
    # Um erro por byte estragado, com linha e coluna; nenhum "JoÃ£o".
    assert [(e.linha, e.coluna) for e in erros] == [(8, 5), (8, 14), (8, 15)]
    assert all("UTF-8" in e.mensagem for e in erros)
    assert "Ã" not in str(erros_de(caminho))


def test_byte_solto_igual_nos_dois_caminhos(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, _utf8_com_um_byte_solto())
    lote, linha_a_linha = nos_dois_caminhos(caminho)
    assert lote == linha_a_linha and lote[0] == "erro"


def test_windows_1252_inteiro_continua_lido(tmp_path: Path) -> None:
    texto = csv_de(COLUNAS, [[*LINHAS[1][:1], "Márcia Gonçalves", *LINHAS[1][2:]]])
    [marcia] = ler(escrever(tmp_path, texto.encode("cp1252"))).candidatos
    assert marcia.nome == "Márcia Gonçalves"


# ---------------------------------------------------------------- 18. tamanho dos valores


@pytest.mark.parametrize("tamanho", [LIMITE_CARACTERES + 1, 200_000])
def test_nome_longo_recusado_em_arquivo_pequeno_e_grande(tamanho: int, tmp_path: Path) -> None:
    """Antes, 200.000 caracteres eram recusados abaixo de 1 MB e aceitos acima."""
    nome = "A" * tamanho
    linhas = [["1", nome, *LINHAS[1][2:]]]
    pequeno = escrever(tmp_path, csv_de(COLUNAS, linhas), "pequeno.csv")
    enchimento = [[str(i), "Bia", *LINHAS[1][2:]] for i in range(2, 30_000)]
    grande = escrever(tmp_path, csv_de(COLUNAS, linhas + enchimento), "grande.csv")
    assert grande.stat().st_size > leitor.LIMIAR_LEITURA_EM_LOTE
    for caminho in (pequeno, grande):
        [erro] = erros_de(caminho).erros
        assert erro.linha == 2
        assert "caracteres" in erro.mensagem and "field" not in erro.mensagem
    lote, linha_a_linha = nos_dois_caminhos(pequeno)
    assert lote == linha_a_linha and lote[0] == "erro"


# ---------------------------------------------------------------- 19. abas


@pytest.mark.parametrize("escrever_abas", [escrever_xlsx_abas, escrever_ods_abas])
def test_aba_oculta_nao_e_lida(escrever_abas: object, tmp_path: Path) -> None:
    velha = [COLUNAS, ["9", "Velho", *LINHAS[1][2:]]]
    nova = [COLUNAS, ["1", "Nova", *LINHAS[1][2:]]]
    extensao = ".xlsx" if escrever_abas is escrever_xlsx_abas else ".ods"
    caminho = tmp_path / f"c{extensao}"
    escrever_abas(caminho, [("Antiga", velha, False), ("Resultado", nova, True)])  # type: ignore[operator]
    lido = ler(caminho)
    assert [c.nome for c in lido.candidatos] == ["Nova"]
    assert lido.aba == "Resultado"
    assert "c" + extensao + ': lida a aba "Resultado"' in descrever_leitura(lido)
    assert [c.nome for c in ler(caminho, aba="Antiga").candidatos] == ["Velho"]
    [erro] = erros_de(caminho, aba="Outra").erros
    assert erro.mensagem == 'não há aba "Outra" (abas: "Antiga", "Resultado")'


def test_varias_abas_visiveis_le_a_primeira_e_diz_qual(tmp_path: Path) -> None:
    caminho = tmp_path / "c.xlsx"
    a = [COLUNAS, ["1", "Ana", *LINHAS[1][2:]]]
    escrever_xlsx_abas(caminho, [("A", a, True), ("B", a, True)])
    lido = ler(caminho)
    assert lido.aba == "A"
    [aviso] = lido.avisos
    assert '"A"' in aviso.mensagem and "2 abas visíveis" in aviso.mensagem


# ---------------------------------------------------------------- 20. valores impossíveis

_HOJE = date.today()


@pytest.mark.parametrize(
    ("coluna", "valor", "trecho"),
    [
        ("nota", "-1,5", "nota negativa"),
        ("data_nascimento", "01/01/1800", "antes de 1900"),
        ("data_nascimento", "9999-01-01", "no futuro"),
        ("data_nascimento", (_HOJE + timedelta(days=1)).isoformat(), "no futuro"),
        ("cpf", "111.111.111-11", "todos os dígitos iguais"),
        ("cpf", "00000000000", "inválido"),
    ],
)
def test_valor_impossivel_e_erro_com_linha_nos_dois_caminhos(
    coluna: str, valor: str, trecho: str, tmp_path: Path
) -> None:
    colunas = [*COLUNAS, "cpf"]
    linhas = [[*LINHAS[1], ""], [*LINHAS[1], ""]]
    linhas[1][0] = "3"
    linhas[1][colunas.index(coluna)] = valor
    caminho = escrever(tmp_path, csv_de(colunas, linhas))
    [erro] = erros_de(caminho).erros
    assert (erro.linha, erro.coluna) == (3, coluna) and trecho in erro.mensagem
    lote, linha_a_linha = nos_dois_caminhos(caminho)
    assert lote == linha_a_linha


def test_nota_zero_negativa_e_nascimento_de_1900_sao_aceitos(tmp_path: Path) -> None:
    linhas = [[*LINHAS[1][:3], "-0,00", "aprovado", "01/01/1900", *LINHAS[1][6:]]]
    [bia] = ler(escrever(tmp_path, csv_de(COLUNAS, linhas))).candidatos
    assert bia.nota == 0 and bia.data_nascimento == date(1900, 1, 1)


# ---------------------------------------------------------------- 22. mensagens em português


def test_valor_alem_do_limite_do_csv_em_portugues(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, csv_de(COLUNAS, [["1", '"' + "A" * 200_000, *LINHAS[1][2:]]]))
    [erro] = erros_de(caminho).erros
    assert "field" not in erro.mensagem and "limit" not in erro.mensagem
    assert "caracteres" in erro.mensagem and erro.linha == 2


def test_planilha_corrompida_em_portugues(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, b"PK\x03\x04 isto nao e um zip", "c.xlsx")
    [erro] = erros_de(caminho).erros
    assert "Zip" not in erro.mensagem and "invalid" not in erro.mensagem.lower()
    assert erro.mensagem.startswith("não foi possível ler a planilha")


def test_pasta_no_lugar_do_arquivo(tmp_path: Path) -> None:
    pasta = tmp_path / "candidatos.csv"
    pasta.mkdir()
    [erro] = erros_de(pasta).erros
    assert erro == ErroEntrada("candidatos.csv", None, None, "é uma pasta, não um arquivo")


def test_com_erros_as_linhas_boas_e_os_cargos_vem_junto(tmp_path: Path) -> None:
    """Para o cenário conferir eventos e cargos sem candidatos na mesma passada."""
    linhas = [LINHAS[1], ["3", "Caio", "ADM", "oito", *LINHAS[1][4:]]]
    erros = erros_de(escrever(tmp_path, csv_de(COLUNAS, linhas)))
    assert isinstance(erros, leitor.ErrosDaLista)
    assert [c.inscricao for c in erros.lidos or []] == ["2"]
    assert erros.cargos_citados == {"PROF", "ADM"}


def test_nascimento_depois_do_edital_e_erro_nos_dois_caminhos(tmp_path: Path) -> None:
    linhas = [[*LINHAS[1][:5], "02/03/2023", *LINHAS[1][6:]]]
    caminho = escrever(tmp_path, csv_de(COLUNAS, linhas))
    [erro] = erros_de(caminho, data_edital=date(2023, 3, 1)).erros
    assert (erro.linha, erro.coluna) == (2, "data_nascimento")
    assert "depois da data do edital (01/03/2023)" in erro.mensagem
    lote, linha_a_linha = nos_dois_caminhos(caminho, data_edital=date(2023, 3, 1))
    assert lote == linha_a_linha and lote[0] == "erro"
    assert len(ler(caminho, data_edital=date(2023, 3, 2)).candidatos) == 1
