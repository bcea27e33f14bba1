"""Leitura da lista de candidatos: formatos, codificações e todos os erros de uma vez."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotas.arquivos.candidatos import LeituraCandidatos, ler_candidatos
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import CorRaca, Heteroidentificacao, Situacao
from tests.arquivos.colunas import completar, completar_planilha
from tests.arquivos.planilhas import escrever_ods as escrever_ods_bruto
from tests.arquivos.planilhas import escrever_xlsx as escrever_xlsx_bruto
from tests.esquemas import esquema_teste

CABECALHO = (
    "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,reserva_negros,pcd,"
    "heteroidentificacao"
)
# CPFs fictícios com dígitos verificadores válidos.
CPF_ANA = "52998224725"
CPF_BIA = "11144477735"


def escrever(pasta: Path, texto: str, nome: str = "candidatos.csv", cod: str = "utf-8") -> Path:
    """O CSV, completado com as colunas obrigatórias que o teste não examina."""
    caminho = pasta / nome
    caminho.write_bytes(completar(texto).encode(cod))
    return caminho


def escrever_xlsx(caminho: Path, linhas: list[list[object]]) -> Path:
    return escrever_xlsx_bruto(caminho, completar_planilha(linhas))


def escrever_ods(caminho: Path, linhas: list[list[object]]) -> Path:
    return escrever_ods_bruto(caminho, completar_planilha(linhas))


def ler(caminho: Path, colunas_desempate: Sequence[str] = ()) -> LeituraCandidatos:
    return ler_candidatos(caminho, colunas_desempate, esquema=esquema_teste(False))


def erros_de(caminho: Path, colunas_desempate: tuple[str, ...] = ()) -> ErrosDeEntrada:
    with pytest.raises(ErrosDeEntrada) as excinfo:
        ler(caminho, colunas_desempate)
    return excinfo.value


def onde(erros: list[ErroEntrada]) -> list[tuple[int | None, int | str | None]]:
    return [(e.linha, e.coluna) for e in erros]


# ---------------------------------------------------------------- formatos


def test_csv_utf8_com_virgula_e_ponto_decimal(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        f"{CABECALHO}\n"
        f"A1,Ana Lima,529.982.247-25,1990-02-01,PROF,8.50,aprovado,parda,sim,não,confirmado\n"
        f"A2,Bia Dias,{CPF_BIA},01/12/1958,PROF,7,eliminado,branca,nao,sim,\n",
    )
    leitura = ler(caminho)
    ana, bia = leitura.candidatos
    assert leitura.avisos == []
    assert ana.inscricao == "A1" and ana.nome == "Ana Lima" and ana.cargo == "PROF"
    assert ana.cpf == CPF_ANA  # só os dígitos
    assert ana.data_nascimento == date(1990, 2, 1)
    assert ana.nota == Decimal("8.50") and isinstance(ana.nota, Decimal)
    assert ana.cor_raca is CorRaca.PARDA and ana.optou("negros") and not ana.pcd
    assert ana.verificacao("negros") is Heteroidentificacao.CONFIRMADO
    assert ana.linha == 2
    assert bia.data_nascimento == date(1958, 12, 1)
    assert bia.situacao is Situacao.ELIMINADO and bia.pcd and bia.verificacao("negros") is None
    assert bia.linha == 3


def test_csv_com_bom(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "\ufeffinscricao,nome,cargo,nota\n1,Ana,PROF,8\n")
    [ana] = ler(caminho).candidatos
    assert ana.inscricao == "1"


def test_csv_windows_1252_ponto_e_virgula_e_virgula_decimal(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        "Inscrição;Nome;Cargo;Nota;Cor/Raça;Reserva_Negros\r\n"
        "1;João Conceição;PROF;7,35;Indígena;Não\r\n"
        "2;Márcia Gonçalves;PROF;9,1;PARDA;S\r\n",
        cod="cp1252",
    )
    joao, marcia = ler(caminho).candidatos
    assert joao.nome == "João Conceição"
    assert joao.nota == Decimal("7.35")
    assert joao.cor_raca is CorRaca.INDIGENA and not joao.optou("negros")
    assert marcia.nome == "Márcia Gonçalves" and marcia.nota == Decimal("9.1")
    assert marcia.cor_raca is CorRaca.PARDA and marcia.optou("negros")


def test_separador_virgula_com_nota_entre_aspas(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, 'inscricao,nome,cargo,nota\n1,"Lima, Ana",PROF,"8,25"\n')
    [ana] = ler(caminho).candidatos
    assert ana.nome == "Lima, Ana" and ana.nota == Decimal("8.25")


def test_cabecalho_sem_distincao_de_caixa_acento_e_espacos(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        " INSCRIÇÃO ;Nome; Cargo ;NOTA;Heteroidentificação\n1;Ana;PROF;8;Não confirmado\n",
    )
    [ana] = ler(caminho).candidatos
    assert ana.verificacao("negros") is Heteroidentificacao.NAO_CONFIRMADO


def test_linhas_vazias_no_fim_sao_ignoradas(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "inscricao;nome;cargo;nota\n1;Ana;PROF;8\n\n;;;\n\n")
    assert len(ler(caminho).candidatos) == 1


def test_colunas_opcionais_classificacao_opcao_lista_e_desempate(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        "inscricao;nome;cargo;nota;classificacao;opcao_lista;Nota Específica\n"
        "1;Ana;PROF;8;2;pcd;7,5\n"
        "2;Bia;PROF;8;1;;9\n",
    )
    ana, bia = ler(caminho, ["nota_especifica"]).candidatos
    assert ana.classificacao == 2 and ana.opcao_lista == "pcd"
    assert ana.desempate == (("nota_especifica", Decimal("7.5")),)
    assert ana.valor_desempate("nota_especifica") == Decimal("7.5")
    assert bia.opcao_lista is None and bia.classificacao == 1


@given(st.decimals(min_value=0, max_value=1000, places=2, allow_nan=False))
def test_nota_com_virgula_e_exata(nota: Decimal) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as pasta:
        texto = f"inscricao;nome;cargo;nota\n1;Ana;PROF;{str(nota).replace('.', ',')}\n"
        [ana] = ler(escrever(Path(pasta), texto)).candidatos
    assert ana.nota == nota


# ---------------------------------------------------------------- planilhas


def test_xlsx(tmp_path: Path) -> None:
    caminho = escrever_xlsx(
        tmp_path / "candidatos.xlsx",
        [
            ["Inscrição", "Nome", "CPF", "Data_Nascimento", "Cargo", "Nota", "Cor_Raca"],
            [1001, "Ana", 1234567890, date(1990, 2, 1), "PROF", 7.3, "Parda"],
            [],
            ["1002", "Bia", "", "15/03/1962", "PROF", "8,5", "branca"],
        ],
    )
    ana, bia = ler(caminho).candidatos
    assert ana.inscricao == "1001"  # número da planilha, sem ".0"
    assert ana.cpf == "01234567890"  # CPF guardado como número perdeu o zero à esquerda
    assert ana.data_nascimento == date(1990, 2, 1)
    assert ana.nota == Decimal("7.3")  # o que foi digitado, não 7.2999999...
    assert ana.linha == 2
    assert bia.linha == 4 and bia.nota == Decimal("8.5")
    assert bia.data_nascimento == date(1962, 3, 15)


def test_xlsx_erros_com_linha_da_planilha(tmp_path: Path) -> None:
    caminho = escrever_xlsx(
        tmp_path / "c.xlsx",
        [["inscricao", "nome", "cargo", "nota"], [1, "Ana", "PROF", "oito"], [1, "Bia", "X", 9]],
    )
    erros = erros_de(caminho)
    assert onde(erros.erros) == [(2, "nota"), (3, "inscricao")]


def test_ods(tmp_path: Path) -> None:
    caminho = escrever_ods(
        tmp_path / "candidatos.ods",
        [
            ["inscricao", "nome", "cargo", "nota", "cor_raca", "reserva_negros"],
            ["1", "Ana", "PROF", 8.5, "preta", "sim"],
            [],
            [2, "Bia", "PROF", "7,25", "", "não"],
        ],
    )
    ana, bia = ler(caminho).candidatos
    assert ana.nota == Decimal("8.5") and ana.cor_raca is CorRaca.PRETA and ana.optou("negros")
    assert bia.inscricao == "2" and bia.nota == Decimal("7.25") and bia.linha == 4


def test_planilha_ilegivel(tmp_path: Path) -> None:
    caminho = tmp_path / "c.xlsx"
    caminho.write_bytes(b"isto nao e um zip")
    [erro] = erros_de(caminho).erros
    assert "não foi possível ler a planilha" in erro.mensagem


# ---------------------------------------------------------------- erros


def test_mensagem_de_erro_no_formato_do_usuario(tmp_path: Path) -> None:
    linhas = ["inscricao;nome;cargo;nota"] + [f"{i};P{i};PROF;8" for i in range(2, 7)]
    caminho = escrever(tmp_path, "\n".join([*linhas, "7;Gil;PROF;8,x"]) + "\n")
    [erro] = erros_de(caminho).erros
    assert str(erro) == 'candidatos.csv, linha 7, coluna "nota": valor "8,x" não é um número'


def test_todos_os_erros_juntos(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        f"{CABECALHO}\n"
        f"1,Ana,{CPF_ANA},1990-02-30,PROF,8.5,aprovado,parda,sim,não,confirmado\n"  # 2: data
        f"2,Bia,{CPF_BIA},1990-02-01,PROF,8;5,aprovado,azul,não,não,\n"  # 3: nota, cor
        "3,Caio,123.456.789-00,1990-02-01,PROF,7,aprovado,branca,sim,não,\n"  # 4: cpf, reserva
        "1,Davi,,,PROF,6,talvez,branca,não,não,\n"  # 5: situacao, inscrição repetida
        ",,,,,,,,,talvez,\n",  # 6: vazios obrigatórios, pcd
    )
    erros = erros_de(caminho)
    assert onde(erros.erros) == [
        (2, "data_nascimento"),
        (3, "nota"),
        (3, "cor_raca"),
        (4, "cpf"),
        (4, "reserva_negros"),
        (5, "situacao"),
        (5, "inscricao"),
        (6, "inscricao"),
        (6, "nome"),
        (6, "cargo"),
        (6, "nota"),
        (6, "situacao"),
        (6, "reserva_negros"),
        (6, "pcd"),
    ]
    mensagens = [e.mensagem for e in erros.erros]
    assert mensagens[0] == 'a data "1990-02-30" não existe'
    assert mensagens[2].startswith('valor "azul" não é uma cor ou raça')
    assert mensagens[3] == 'CPF "123.456.789-00" inválido'
    assert "preta ou parda" in mensagens[4]
    assert mensagens[6] == 'inscrição "1" repetida: já aparece na linha 2'
    texto = str(erros)
    assert texto.startswith("14 erros de entrada:")
    assert 'candidatos.csv, linha 5, coluna "inscricao": inscrição "1" repetida' in texto


def test_data_em_formato_desconhecido(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path, "inscricao;nome;cargo;nota;data_nascimento\n1;Ana;PROF;8;1990.02.01\n"
    )
    [erro] = erros_de(caminho).erros
    assert erro.mensagem == 'valor "1990.02.01" não é uma data (use AAAA-MM-DD ou DD/MM/AAAA)'


def test_nota_nunca_vira_float_nem_aceita_especiais(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path, "inscricao;nome;cargo;nota\n1;A;P;NaN\n2;A;P;1e3\n3;A;P;1.234,5\n4;A;P;\n"
    )
    assert onde(erros_de(caminho).erros) == [(n, "nota") for n in (2, 3, 4, 5)]


def test_falta_coluna_obrigatoria_e_os_valores_ainda_sao_conferidos(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "inscricao;cargo;cor_raca\n1;PROF;verde\n")
    erros = erros_de(caminho)
    assert onde(erros.erros) == [(1, "nome"), (1, "nota"), (2, "cor_raca")]
    assert erros.erros[0].mensagem == "falta esta coluna obrigatória"


def test_coluna_desconhecida_e_aviso(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "inscricao;nome;cargo;nota;Observação\n1;Ana;PROF;8;x\n")
    leitura = ler(caminho)
    [aviso] = leitura.avisos
    assert (aviso.linha, aviso.coluna) == (1, "Observação")
    assert aviso.mensagem.startswith("coluna desconhecida, ignorada")
    assert len(leitura.candidatos) == 1


def test_avisos_acompanham_os_erros(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "inscricao;nome;cargo;nota;extra\n1;Ana;PROF;x;\n")
    erros = erros_de(caminho)
    assert onde(erros.erros) == [(2, "nota")]
    assert onde(erros.avisos) == [(1, "extra")]


def test_coluna_repetida_no_cabecalho(tmp_path: Path) -> None:
    caminho = escrever(tmp_path, "inscricao;nome;cargo;nota;Nota\n1;Ana;PROF;8;9\n")
    [erro] = erros_de(caminho).erros
    assert (erro.linha, erro.coluna) == (1, "Nota")


def test_linha_com_valores_demais(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        "inscricao;nome;cargo;nota;situacao;data_nascimento;cor_raca;reserva_negros;pcd;"
        "heteroidentificacao\n"
        "1;Ana;PROF;8;aprovado;;;não;não;;sobra\n",
    )
    [erro] = erros_de(caminho).erros
    # (as 4 colunas de antes e as 6 que a leitura agora exige)
    assert erro.linha == 2 and "cabeçalho só tem 10 colunas" in erro.mensagem


def test_coluna_de_desempate_ausente_ou_vazia(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        "inscricao;nome;cargo;nota;situacao;titulos\n"
        "1;Ana;PROF;8;aprovado;\n"
        "2;Bia;PROF;8;eliminado;\n"  # eliminado pode ficar sem o valor
        "3;Caio;PROF;8;aprovado;dez\n",
    )
    erros = erros_de(caminho, ("titulos", "experiencia"))
    assert onde(erros.erros) == [(1, "experiencia"), (2, "titulos"), (4, "titulos")]


def test_arquivo_nem_utf8_nem_windows_1252(tmp_path: Path) -> None:
    caminho = tmp_path / "c.csv"
    caminho.write_bytes(b"inscricao;nome;cargo;nota\n1;\x81\xff;P;8\n")
    [erro] = erros_de(caminho).erros
    assert erro.mensagem == "o arquivo não está em UTF-8 nem em Windows-1252"


def test_arquivo_vazio_e_formato_desconhecido(tmp_path: Path) -> None:
    assert "vazio" in erros_de(escrever(tmp_path, "\n\n")).erros[0].mensagem
    assert "não reconhecido" in erros_de(escrever(tmp_path, "x", "c.pdf")).erros[0].mensagem


def test_parecer_da_comissao_sem_opcao_pela_reserva_e_aviso(tmp_path: Path) -> None:
    caminho = escrever(
        tmp_path,
        "inscricao;nome;cargo;nota;cor_raca;reserva_negros;heteroidentificacao\n"
        "1;Ana;PROF;8;parda;não;confirmado\n",
    )
    [aviso] = ler(caminho).avisos
    assert (aviso.linha, aviso.coluna) == (2, "heteroidentificacao")
